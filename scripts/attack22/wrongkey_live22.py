#!/usr/bin/env python3
"""W1 under a running keyed serve: an operator's `approvals reject` given another key while serve runs. Does the
running serve notice? It goes on deciding (sealing its events after the wrongly sealed one); after a restart no keyed
door starts.  usage: FOUREYES_BIN=… python3 wrongkey_live22.py"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18971
d, env = L.fresh("wk-live", nokey=False)
subprocess.run([L.B, "journal", "keygen", "--out", f"{d}/wrong"], capture_output=True)
agent = L.token(env, "bot", "agent")
p = L.start(env, P, f"{d}/serve.log")
st, b = L.post(P, agent, "/v1/decide", {"request_id": "p1", "action": "pay", "params": {"amount_eur": 5}})
r = L.sh(["approvals", "reject", str(b["approval_id"]), "--as", "alice"], dict(env, FOUREYES_SEAL_KEY=f"{d}/wrong/seal.key"))
print("wrong-key reject rc", r.returncode, r.stdout.strip()[-80:])
for i in range(3):
    st, b = L.post(P, agent, "/v1/decide", {"request_id": f"f{i}", "action": "free", "params": {"s": "x"}})
    print("running serve decide:", st, b.get("verdict") if isinstance(b, dict) else b)
res = L.after(d, env, P, p)
print("after restart:", {k: res[k] for k in ("serve_restarts", "why", "cli", "verify", "audit")})
print("verify:", res["verify_out"][-200:])
