#!/usr/bin/env python3
"""An AGENT (no other privilege) sends one decide with an approval_id above 2^53 (2^62). The door decides it (deny,
approval_unknown) and stores the exact id in the decisions row, but the journal event carries it as an IEEE double
(4611686018427388000): `journal audit` then reports the store INCONSISTENT (exit 7) for good, as a database writer's
edit would be reported. usage: FOUREYES_BIN=... python3 bigid.py"""
import os, shutil, signal, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
d = "/tmp/attack20-bigid"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); P = 18917; p = H.start(env, P, log=f"{d}/serve.log")
a0 = H.sh(["journal", "audit"], env)
for aid in (2**62, 2**53 + 1, 2**63 - 1):
    st, b = H.post(P, agent, "/v1/decide", {"request_id": f"big{aid}", "action": "spend", "params": {"amount_eur": 1}, "approval_id": aid})
    print("decide approval_id", aid, "->", st, b.get("verdict") if isinstance(b, dict) else b, b.get("decision_id") if isinstance(b, dict) else "")
p.send_signal(signal.SIGTERM); p.wait()
a = H.sh(["journal", "audit"], env); v = H.sh(["journal", "verify"], env)
print("audit before: rc", a0.returncode, "| RESULT audit after: rc", a.returncode, (a.stdout + a.stderr).strip()[:400], "| verify rc", v.returncode)
