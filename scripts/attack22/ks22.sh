#!/bin/sh
# Minor: `kill-switch off` on a store whose switch was never engaged writes the settings row without a journal event;
# `journal audit` then reports INCONSISTENT (exit 7: "in the table (value=off) but never journaled") until the switch
# is engaged and released once.  usage: FOUREYES_BIN=… sh ks22.sh
B=${FOUREYES_BIN:-/work/attack22/bin/foureyes}; D=/tmp/attack22-ks; rm -rf $D; mkdir -p $D; cd $D
export FOUREYES_DB=$D/t.db; $B journal keygen --out keys >/dev/null; export FOUREYES_SEAL_KEY=$D/keys/seal.key
$B token create --name bot --role agent >/dev/null
$B journal audit; echo "audit rc $?"
$B kill-switch off; echo "kill-switch off rc $?"
$B journal audit; echo "audit rc $? (expected 0)"
$B kill-switch on >/dev/null; $B kill-switch off >/dev/null; $B journal audit; echo "audit rc $? after on/off"
