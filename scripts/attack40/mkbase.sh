#!/bin/bash
# make a base FourEyes db at $1
F=${F:-foureyes}; P=$(dirname "$0")/pol.yaml; D=$1
rm -f $D $D-wal $D-shm $D.clock
$F --db $D --policy $P decide --agent bot --action lights.set --params '{"on":true}' >/dev/null
$F --db $D --policy $P decide --agent bot --action payments.send --params '{"amount_eur":5}' --request-id p1 >/dev/null
$F --db $D token create --name bot --role agent >/dev/null
$F --db $D kill-switch on >/dev/null 2>&1
$F --db $D kill-switch off >/dev/null 2>&1
