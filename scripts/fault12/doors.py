"""Doors after a settled deferral (ADR-895): a tier-3 deferral rejected, one expired (ttl 3 s); a retry of each id over
HTTP (twice), an approve of each approval over HTTP and the CLI; prints statuses, codes and exit codes.
usage: FOUREYES_BIN=... python3 scripts/fault12/doors.py before|after (uses /work/attack24/scripts/lib23r.py and its policy)"""
import os, sys, time, json
sys.path.insert(0, "/work/attack24/scripts"); import lib23r as L
tag = sys.argv[1]; P = 18790 if tag == "before" else 18791
d, env = L.fresh("f12doors" + tag); env["FOUREYES_REQUEST_MEMORY"] = "2s"
agent = L.token(env, "bot", "agent"); appr = L.token(env, "alice", "approver")
p = L.start(env, P, f"{d}/serve.log")
try:
    st, a = L.post(P, agent, "/v1/decide", {"request_id": "r1", "action": "big3", "params": {"x": 1}})
    st2, b = L.post(P, agent, "/v1/decide", {"request_id": "e1", "action": "big3ttl", "params": {"x": 2}})
    ra, rb = a.get("approval_id"), b.get("approval_id")
    print("deferrals:", st, a.get("verdict"), ra, st2, b.get("verdict"), rb)
    print("reject r1:", L.post(P, appr, f"/v1/approvals/{ra}/reject", {"reason": "no"})[0])
    time.sleep(4)
    for i in range(3):  # a few writes past the request memory
        L.post(P, agent, "/v1/decide", {"request_id": f"f{i}", "action": "free", "params": {"x": i}}); time.sleep(1)
    for rid, x in (("r1", 1), ("e1", 2)):
        act = "big3" if rid == "r1" else "big3ttl"
        for k in range(2):
            st, r = L.post(P, agent, "/v1/decide", {"request_id": rid, "action": act, "params": {"x": x}})
            print(f"retry {rid} #{k}:", st, r.get("verdict"), r.get("status"), r.get("replayed"), [x.get("code") for x in r.get("reasons", [])], r.get("error", {}) if "error" in r else "")
    for aid in (ra, rb):
        dg = L.get(P, appr, f"/v1/approvals/{aid}")[1].get("digest"); st, r = L.post(P, appr, f"/v1/approvals/{aid}/approve", {"digest": dg})
        print(f"HTTP approve {aid}:", st, r.get("error", r) if isinstance(r, dict) else r)
        c = L.sh(["approvals", "approve", str(aid), "--as", "bob"], env)
        print(f"CLI approve {aid}: exit", c.returncode, (c.stdout + c.stderr).strip()[-160:])
    L.stop(p); p = None
    print("audit:", L.sh(["journal", "audit"], env).returncode, "verify:", L.sh(["journal", "verify"], env).returncode)
finally:
    L.stop(p)
