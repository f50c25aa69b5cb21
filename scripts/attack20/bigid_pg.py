#!/usr/bin/env python3
"""bigid on PostgreSQL: FOUREYES_PG=postgres://postgres@127.0.0.1:5461/fe FOUREYES_BIN=... python3 bigid_pg.py
(a throwaway cluster; the script drops and re-creates schema public's tables by using a fresh database name each run)"""
import os, signal, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
url = os.environ.get("FOUREYES_PG", "postgres://postgres@127.0.0.1:5461/fe")
d = "/tmp/attack20-bigid-pg"; os.makedirs(d, exist_ok=True); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=url, FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, f"bot{int(time.time())}", "agent"); P = 18929; p = H.start(env, P, log=f"{d}/serve.log")
st, b = H.post(P, agent, "/v1/decide", {"request_id": f"big{time.time()}", "action": "spend", "params": {"amount_eur": 1}, "approval_id": 2**63 - 1})
print("decide approval_id 2^63-1 ->", st, b.get("verdict") if isinstance(b, dict) else b)
p.send_signal(signal.SIGTERM); p.wait()
r = subprocess.run([H.B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", f"z{time.time()}"], env=env, capture_output=True, text=True)
p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
if up: p.send_signal(signal.SIGTERM); p.wait()
print("RESULT PostgreSQL after restart: CLI decide rc", r.returncode, (r.stderr.strip().splitlines() or [''])[-1][:200], "| serve starts:", up)
