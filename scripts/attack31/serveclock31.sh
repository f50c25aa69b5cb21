#!/bin/bash
# serveclock31.sh: a running serve's wall clock stepped (wallshift.so re-reads its file each call): budget, report deadline, undo, approval ttl
# usage: FOUREYES_BIN=... serveclock31.sh WORKDIR (policy.yaml as in s4, keys/)
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; SHIM=${SHIM:-/tmp/attack31/shim/wallshift.so}; OFF=$PWD/wall.off; PORT=${PORT:-18933}
export FOUREYES_DB=$PWD/c.db FOUREYES_SEAL_KEY=keys/seal.key FOUREYES_POLICY=policy.yaml
rm -f c.db c.db.*; echo 0 > $OFF
for n in bot alice; do $B token create --name $n --role $([ $n = bot ] && echo agent || echo approver) | sed -n 2p > t.$n; done
WALLSHIFT_FILE=$OFF LD_PRELOAD=$SHIM $B serve --listen 127.0.0.1:$PORT --approval-sweep 2s > serve.log 2>&1 & SP=$!; sleep 3
export FE_URL=http://127.0.0.1:$PORT
python3 - "$OFF" <<'PY'
import sys, time; sys.path.insert(0, "/work/attack31/scripts"); from fe import *
off=sys.argv[1]; bot=tok(".","bot"); alice=tok(".","alice")
def step(ms): open(off,"w").write(str(ms)); time.sleep(1.5)
def dec(rid, action, params):
    s,r=call("POST","/v1/decide",bot,{"request_id":rid,"action":action,"params":params}); return s, r.get("verdict"), r.get("decision_id"), [x["code"] for x in r.get("reasons",[])], r
print("pay600", dec("p1","pay.send",{"amount":600})[:4])
s,v,d,c,r=dec("u1","t.set",{"v":1}); print("t.set", v, d); print("report", call("POST",f"/v1/decisions/{d}/report",bot,{"outcome":"executed","detail":{"before":{"v":0}}})[0])
s,v,ad,c,r=dec("a1","big.op",{"v":1}); aid=r.get("approval_id"); dg=r.get("digest"); print("big.op", v, aid)
for ms in [7200000, 86400000]:
    step(ms); print(f"step {ms}: pay600", dec(f"p{ms}","pay.send",{"amount":600})[:4])
step(0); time.sleep(45)   # report deadline 40s of p1 passes in real time
print("after real 45s, pay 600 (p1's deadline passed: released, may permit)", dec("p-late","pay.send",{"amount":600})[:4])
time.sleep(20)
for ms in [-300000, -3600000]:
    step(ms)
    print(f"step {ms}: undo", call("POST",f"/v1/decisions/{d}/undo",bot,{"request_id":f"undo{ms}"})[1].get("verdict"), end=" ")
    print("approve", call("POST",f"/v1/approvals/{aid}/approve",alice,{"digest":dg})[0], end=" ")
    print("release", dec("a1","big.op",{"v":1})[1:4])
step(0)
PY
kill $SP; wait $SP 2>/dev/null; grep -i "clock\|ahead\|behind" serve.log | head -5
$B journal audit 2>&1 | tail -1
