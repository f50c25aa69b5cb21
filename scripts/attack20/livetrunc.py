#!/usr/bin/env python3
"""A writer (no key) drops the journal's delete trigger and deletes the newest event and its rows WHILE serve runs
(seal key, no witness); the agent keeps deciding and retries the deleted request. Ids / seqs / request ids reused?
Then serve restarted. usage: FOUREYES_BIN=... python3 livetrunc.py"""
import json, os, shutil, signal, sqlite3, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
d = "/tmp/attack20-livetrunc"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); P = 18927; p = H.start(env, P, log=f"{d}/serve.log")
def sp(rid): st, b = H.post(P, agent, "/v1/decide", {"request_id": rid, "action": "spend", "params": {"amount_eur": 60}}); return st, b
for i in range(5): sp(f"s{i}")
st, b = sp("s5"); print("s5:", st, b.get("verdict"), b.get("decision_id"))
c = sqlite3.connect(f"{d}/t.db", timeout=10); head = c.execute("select max(seq) from journal").fetchone()[0]; did = b["decision_id"]
c.execute("drop trigger journal_no_delete"); c.execute(f"delete from journal where seq={head}"); c.execute(f"delete from decisions where id={did}")
c.execute(f"delete from idempotency where decision_id={did}"); c.execute(f"delete from reservations where decision_id={did}"); c.commit(); c.close()
print("deleted seq", head, "decision", did, "while serve runs")
out = []
for rid in ("s5", "s6", "s7"):
    st, b = sp(rid); out.append(f"{rid}:{st}:{b.get('verdict')}:{b.get('decision_id')}:{'re' if b.get('replayed') else ''}:{(b.get('error') or {}).get('code', '') if isinstance(b.get('error'), dict) else ''}")
print("live:", out)
p.send_signal(signal.SIGTERM); p.wait(); p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None; out = []
if up:
    for rid in ("s5", "s8"):
        st, b = sp(rid); out.append(f"{rid}:{st}:{b.get('verdict')}:{b.get('decision_id')}:{'re' if b.get('replayed') else ''}:{(b.get('error') or {}).get('code', '') if isinstance(b.get('error'), dict) else ''}")
    p.send_signal(signal.SIGTERM); p.wait()
else: out.append(open(f"{d}/serve2.log").read().strip().splitlines()[-1][:200])
c = sqlite3.connect(f"{d}/t.db"); seqs = c.execute(f"select seq, kind from journal where seq>={head}").fetchall(); ds = c.execute(f"select id, request_id from decisions where id>={did}").fetchall()
print("after restart:", out, "| RESULT journal from", head, seqs, "| decisions from", did, ds)
