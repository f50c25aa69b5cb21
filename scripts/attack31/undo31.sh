#!/bin/bash
# undo31.sh: undo one target twice: across a process restart (each CLI door is a new process), with the undo unreported,
# after the undo failed, and with the undo's row unlinked by hand (under the seal key)
B=${FOUREYES_BIN:?}; cd "$1" || exit 2
export FOUREYES_DB=$PWD/u.db FOUREYES_SEAL_KEY=keys/seal.key FOUREYES_POLICY=policy.yaml; rm -f u.db u.db.*
v(){ python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("verdict"), d.get("decision_id"), [r["code"] for r in d.get("reasons",[])])' 2>/dev/null || echo "(no JSON; see stderr)"; }
$B decide --agent bot --action t.set --params '{"v":1}' --request-id a --json | v; $B report 1 --outcome executed --detail '{"before":{"v":0}}' >/dev/null
echo -n "undo#1 (unreported): "; $B undo 1 --agent bot --request-id un1 --json | v
echo -n "undo#2 while #1 open: "; $B undo 1 --agent bot --request-id un2 --json | v
$B report 2 --outcome failed >/dev/null; echo -n "undo#3 after #1 failed: "; $B undo 1 --agent bot --request-id un3 --json | v
$B report 4 --outcome executed >/dev/null
echo -n "undo#4 after an undo executed: "; $B undo 1 --agent bot --request-id un4 --json | v
D=$(sqlite3 u.db "select id from decisions where undo_of=1 and status='executed'"); echo "executed undo is decision $D"
cp u.db u.bak
sqlite3 u.db "update decisions set undo_of=NULL where id=$D"; echo -n "undo#5 undo row unlinked: "; $B undo 1 --agent bot --request-id un5 --json 2>u.err | v; echo "    stderr: $(head -c 220 u.err)"
cp u.bak u.db; sqlite3 u.db "update decisions set status='failed' where id=$D"; echo -n "undo#6 undo row set failed: "; $B undo 1 --agent bot --request-id un6 --json 2>u.err | v; echo "    stderr: $(head -c 220 u.err)"
cp u.bak u.db; sqlite3 u.db "delete from decisions where id=$D"; echo -n "undo#7 undo row deleted: "; $B undo 1 --agent bot --request-id un7 --json 2>u.err | v; echo "    stderr: $(head -c 220 u.err)"
cp u.bak u.db; sqlite3 u.db "update decisions set settled=NULL where id=1"; echo -n "undo#8 target seal cleared: "; $B undo 1 --agent bot --request-id un8 --json 2>u.err | v; echo "    stderr: $(head -c 220 u.err)"
cp u.bak u.db; $B journal audit 2>&1 | tail -1
