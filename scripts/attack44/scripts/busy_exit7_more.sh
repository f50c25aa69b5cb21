#!/bin/bash
# Which doors turn a busy lock (held > 30 s by another SQLite client) into exit 7 "the journal does not verify"?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; HOLD=${1:-40}
W=/tmp/attack44/be2; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db decide --agent bot --action t.act --params '{"n":0}' >/dev/null
$F --db A.db decide --agent bot --action t.big --params '{"n":0}' >/dev/null
D=$($F --db A.db approvals show 1 | grep -o 'digest *[0-9a-f]\{64\}' | grep -o '[0-9a-f]\{64\}')
python3 -c "
import sqlite3,time; c=sqlite3.connect('A.db',isolation_level=None); c.execute('begin immediate'); open('held','w').close(); time.sleep($HOLD); c.execute('rollback')" &
while [ ! -f held ]; do sleep 0.05; done
i=0
for d in "report 1 --outcome executed" "undo 1 --agent bot" "approvals approve 1 --as alice --digest $D" "approvals reject 1 --as bob" "journal verify" "decisions list" "sessions restore --session s --agent bot --why x --as alice" "mcp pins approve --server fs --hash 00 --as a -- t"; do
 i=$((i+1)); ( $F --db A.db $d >o.$i 2>&1; echo "[$d] rc=$? $(head -c 120 o.$i | tr '\n' ' ')" ) &
done; wait
