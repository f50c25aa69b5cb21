#!/bin/bash
# A write lock held by another SQLite client for longer than the door's busy wait: which exit code and message?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; HOLD=${1:-45}
W=/tmp/attack44/be; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db decide --agent bot --action t.act --params '{"n":0}' >/dev/null
python3 -c "
import sqlite3,time; c=sqlite3.connect('A.db',isolation_level=None); c.execute('begin immediate'); open('held','w').close(); time.sleep($HOLD); c.execute('rollback')" & P=$!
while [ ! -f held ]; do sleep 0.05; done
for d in "decide --agent bot --action t.act --params {\"n\":1}" "kill-switch on" "token create --name x --role agent"; do
 ( t0=$EPOCHREALTIME; $F --db A.db $d >o.$RANDOM 2>&1; echo "[$d] rc=$? after $(echo "$EPOCHREALTIME - $t0" | bc | cut -c1-5) s" ) &
done; wait %2 %3 %4 2>/dev/null; wait
head -c 200 o.* ; echo; wait $P
