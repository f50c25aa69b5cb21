#!/usr/bin/env python3
"""An agent's (or approver's) i64::MAX id, one call per fresh store, then a door restarted: does it still decide?
usage: FOUREYES_BIN=... python3 bigid2.py [variant ...]"""
import os, shutil, signal, subprocess, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
M = 2**63 - 1
V = {
 "decide_approval_id": ("agent", "/v1/decide", {"request_id": "x", "action": "spend", "params": {"amount_eur": 1}, "approval_id": M}),
 "decide_approval_id_2^53+1": ("agent", "/v1/decide", {"request_id": "x", "action": "spend", "params": {"amount_eur": 1}, "approval_id": 2**53 + 1}),
 "decide_undo_of": ("agent", "/v1/decide", {"request_id": "x", "action": "thermo", "params": {"celsius": 20}, "undo_of": M}),
 "report_path": ("agent", f"/v1/decisions/{M}/report", {"outcome": "executed"}),
 "undo_path": ("agent", f"/v1/decisions/{M}/undo", {"request_id": "u"}),
 "approve_path": ("approver", f"/v1/approvals/{M}/approve", {"digest": "00"}),
 "reject_path": ("approver", f"/v1/approvals/{M}/reject", {"reason": "x"}),
 "revoke_path": ("approver", f"/v1/approvals/{M}/revoke", {"why": "x"}),
}
only = sys.argv[1:]
for name, (role, path, body) in V.items():
    if only and name not in only: continue
    d = f"/tmp/attack20-bigid2/{name.replace('^', '')}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
    subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
    tok = {"agent": H.token(env, "bot", "agent"), "approver": H.token(env, "alice", "approver")}
    P = 18919; p = H.start(env, P, log=f"{d}/serve.log")
    st, b = H.post(P, tok[role], path, body)
    st2, b2 = H.post(P, tok["agent"], "/v1/decide", {"request_id": "y", "action": "thermo", "params": {"celsius": 20}})
    p.send_signal(signal.SIGTERM); p.wait()
    r = subprocess.run([H.B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z", "--json"], env=env, capture_output=True, text=True)
    p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
    if up: p.send_signal(signal.SIGTERM); p.wait()
    a = H.sh(["journal", "audit"], env)
    err = (b.get("error") or {}).get("code") if isinstance(b, dict) and isinstance(b.get("error"), dict) else (b.get("verdict") if isinstance(b, dict) else b)
    print(f"{name}: call -> {st} {err}; next decide in the same serve {st2}; RESULT after restart: CLI decide rc {r.returncode} "
          f"{(r.stderr.strip().splitlines() or [''])[-1][:150] if r.returncode else ''}; serve starts: {up}; audit rc {a.returncode}", flush=True)
