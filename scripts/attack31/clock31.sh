#!/bin/bash
# clock31.sh: wall-clock steps (libfaketime, monotonic NOT faked = a real step) against budget, undo window, approval TTL
# usage: FOUREYES_BIN=... clock31.sh WORKDIR   (WORKDIR holds policy.yaml and keys/ from journal keygen)
B=${FOUREYES_BIN:?}; cd "$1" || exit 2
export FOUREYES_DB=$PWD/c.db FOUREYES_SEAL_KEY=keys/seal.key FOUREYES_POLICY=policy.yaml
# libfaketime 0.9.10 segfaults this binary at load (dlsym in its constructor); wallshift.so (scripts/wallshift.c) moves the wall clock only
SHIM=${SHIM:-/tmp/attack31/shim/wallshift.so}; OFF=$PWD/wall.off
FT(){ echo "$1" > "$OFF"; WALLSHIFT_FILE=$OFF LD_PRELOAD=$SHIM "${@:2}"; }
rm -f c.db c.db.*
$B decide --agent bot --action pay.send --params '{"amount":600}' --request-id p1 --json >/dev/null; echo "p1 600 now: rc=$?"
$B decide --agent bot --action t.set --params '{"v":1}' --request-id u1 --json >/dev/null; echo "t.set: rc=$?"
$B report 2 --outcome executed --detail '{"before":{"v":0}}' >/dev/null; echo "report 2: rc=$?"
$B decide --agent bot --action big.op --params '{"v":1}' --request-id a1 --json > a1.json; echo "big.op a1: rc=$? (11=defer)"
DG=$(python3 -c 'import json;print(json.load(open("a1.json"))["digest"])'); AID=$(python3 -c 'import json;print(json.load(open("a1.json"))["approval_id"])')
for off in 7200000 86400000 -7200000; do
  FT "$off" $B decide --agent bot --action pay.send --params '{"amount":600}' --request-id "p-$off" --json >/dev/null 2>ft.err; echo "pay 600 at $off: rc=$? (want 11/3) $(tail -1 ft.err|cut -c1-160)"
done
echo "waiting 70 s for the undo window (1m) and the approval ttl (1m) to close"; sleep 70
for off in -300000 -3600000 -30000000000; do
  FT "$off" $B undo 2 --agent bot --json >u.json 2>ft.err; echo "undo at $off: rc=$? $(python3 -c 'import json;d=json.load(open("u.json"));print(d.get("verdict"),[r["code"] for r in d.get("reasons",[])])' 2>/dev/null) $(tail -1 ft.err|cut -c1-160)"
  FT "$off" $B approvals approve $AID --as alice --digest $DG >ap.out 2>&1; echo "approve at $off: rc=$? $(tail -1 ap.out|cut -c1-200)"
done
$B decide --agent bot --action big.op --params '{"v":1}' --request-id a1 --json > a1b.json; echo "release a1 now: rc=$? (want not 0)"
$B journal audit 2>&1 | tail -1
