#!/usr/bin/env python3
"""Undo-once under races (ADR-368): per target (thermo, reported executed), three undos with different request ids
sent at once through HTTP, HTTP and the CLI door; every KILL-th target serve is SIGKILLed during them and restarted,
then one more undo is asked. A second phase: the first undo's report `executed` raced against a second undo.
Counted: undo permits per target (must be <= 1).  usage: FOUREYES_BIN=... python3 race21.py TARGETS KILL SEED"""
import json, os, random, shutil, signal, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18960; N, KILL, SEED = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]); rnd = random.Random(SEED)
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy740.yaml")
d = "/tmp/attack21-race"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); p = H.start(env, P, log=f"{d}/serve.log"); kills = 0
def http_undo(t, rid, out): st, b = H.post(P, agent, f"/v1/decisions/{t}/undo", {"request_id": rid}); out.append(("http", st, b.get("verdict") if isinstance(b, dict) else b))
def cli_undo(t, rid, out):
    r = subprocess.run([B, "undo", str(t), "--agent", "bot", "--request-id", rid, "--json"], env=env, capture_output=True, text=True); out.append(("cli", r.returncode, None))
answers = []
for i in range(N):
    if p.poll() is not None: p = H.start(env, P, log=f"{d}/serve.log")
    st, b = H.post(P, agent, "/v1/decide", {"request_id": f"t{i}", "action": "thermo", "params": {"celsius": 20}}); t = b["decision_id"]
    H.post(P, agent, f"/v1/decisions/{t}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
    if i % 2 == 0:
        ts = [threading.Thread(target=http_undo, args=(t, f"a{i}", answers)), threading.Thread(target=http_undo, args=(t, f"b{i}", answers)), threading.Thread(target=cli_undo, args=(t, f"c{i}", answers))]
        rnd.shuffle(ts); [x.start() for x in ts]
        if KILL and i % KILL == 0: time.sleep(rnd.uniform(0, 0.4)); p.send_signal(signal.SIGKILL); p.wait(); kills += 1
        [x.join() for x in ts]
        if p.poll() is not None: p = H.start(env, P, log=f"{d}/serve.log")
        http_undo(t, f"d{i}", answers)
    else:  # first undo, then its report `executed` raced against a second undo
        st, u = H.post(P, agent, f"/v1/decisions/{t}/undo", {"request_id": f"a{i}"})
        ts = [threading.Thread(target=lambda: H.post(P, agent, f"/v1/decisions/{u['decision_id']}/report", {"outcome": "executed"})), threading.Thread(target=http_undo, args=(t, f"b{i}", answers)), threading.Thread(target=cli_undo, args=(t, f"c{i}", answers))]
        rnd.shuffle(ts); [x.start() for x in ts]; [x.join() for x in ts]
if p.poll() is None: p.send_signal(signal.SIGTERM); p.wait()
ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}
for x in ds:
    if x["verdict"] == "permit" and x.get("undo_of"): per.setdefault(x["undo_of"], []).append(x["decision_id"])
a = H.sh(["journal", "audit"], env); v = H.sh(["journal", "verify"], env)
from collections import Counter
print(f"RESULT race21: {N} targets, {kills} SIGKILLs, answers {dict(Counter(answers))}; targets with an undo permit {len(per)}; "
      f"targets undone twice {[(k, v) for k, v in per.items() if len(v) > 1] or 'none'}; verify {v.returncode} audit {a.returncode}", flush=True)
