#!/bin/bash
# CLI only: each CLI door sees the wall clock 0.9 s further ahead than the last (a clock gaining in small steps).
# Budget 1000 EUR per 1 minute, 960 spent at t0. How much is permitted within a few real seconds?
HERE=$(cd "$(dirname "$0")" && pwd); B=$(realpath "${FOUREYES_BIN:-target/debug/foureyes}"); SH=${SHIM:-/tmp/attack18/shim.so}; D=/tmp/attack18-runs/ratchet; rm -rf $D; mkdir -p $D; cd $D
export FOUREYES_DB=$D/t.db FOUREYES_POLICY=$HERE/policy_1m.yaml
T0=$(date +%s.%N)
for i in $(seq 1 16); do $B decide --agent bot --action spend --params '{"amount_eur":60}' --request-id s$i >/dev/null; done
off=0; for i in $(seq 1 75); do off=$(echo "$off + 0.9" | bc); LD_PRELOAD=$SH SHIM_OFFSET=$off $B decide --agent bot --action lim --request-id l$i >/dev/null 2>&1; done
echo "after 75 CLI calls, anchor now - real = $(( $(cut -d' ' -f3 t.db.clock) - $(date +%s%3N) )) ms"
for i in $(seq 1 16); do $B decide --agent bot --action spend --params '{"amount_eur":60}' --request-id r$i >/dev/null 2>&1; done
echo "real seconds since t0: $(echo "$(date +%s.%N) - $T0" | bc)"
$B decisions list --all --json | python3 -c "import json,sys; ds=json.load(sys.stdin); print('spend permitted:', sum(float(d['params']['amount_eur']) for d in ds if d['verdict']=='permit' and d['action']=='spend'), 'EUR against 1000 per 1 min')"
