#!/usr/bin/env python3
"""Idempotency across doors: the same request id sent at once to HTTP (serve) and to a CLI `decide`, with the same
or a different body, with SIGKILLs of serve in between; then every id re-asked through both doors after a restart.
Counted: decisions per request id (must be <= 1 non-refused), acked answers that changed, spend vs 1000, lim vs 5.
usage: FOUREYES_BIN=... python3 idem21.py ROUNDS KILL_EVERY SEED"""
import json, os, random, shutil, signal, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18956
ROUNDS, KILL, SEED = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]); rnd = random.Random(SEED)
d = "/tmp/attack21-idem"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent")
p = H.start(env, P, log=f"{d}/serve.log")
def body(rid, variant):
    if rid.startswith("s"): return {"request_id": rid, "action": "spend", "params": {"amount_eur": 60, "n": variant}}
    return {"request_id": rid, "action": "lim", "params": {"n": variant}}
acked = {}  # rid -> (decision_id, verdict, variant) from any door
log = []; kills = 0
def note(rid, door, variant, dec_id, verdict):
    log.append((rid, door, variant, dec_id, verdict))
    if dec_id is not None and verdict in ("permit", "deny", "defer"):
        if rid in acked and acked[rid][0] != dec_id: print("  !! two decisions acked for", rid, acked[rid], (dec_id, verdict, door, variant), flush=True)
        acked.setdefault(rid, (dec_id, verdict, variant))
def http(rid, v):
    st, b = H.post(P, agent, "/v1/decide", body(rid, v))
    note(rid, "http", v, b.get("decision_id") if isinstance(b, dict) and st == 200 else None, b.get("verdict") if isinstance(b, dict) else st)
def cli(rid, v):
    b = body(rid, v)
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", b["action"], "--params", json.dumps(b["params"]), "--request-id", rid, "--json"], env=env, capture_output=True, text=True)
    try: j = json.loads(r.stdout); note(rid, "cli", v, j.get("decision_id"), j.get("verdict"))
    except Exception: note(rid, "cli", v, None, f"rc{r.returncode}")
for i in range(ROUNDS):
    rid = rnd.choice(["s", "l"]) + str(i)
    same = rnd.random() < 0.5
    ts = [threading.Thread(target=http, args=(rid, "a")), threading.Thread(target=cli, args=(rid, "a" if same else "b"))]
    rnd.shuffle(ts); [t.start() for t in ts]
    if KILL and i % KILL == KILL - 1:
        time.sleep(rnd.uniform(0.0, 0.3)); p.send_signal(signal.SIGKILL); p.wait(); kills += 1
    [t.join() for t in ts]
    if p.poll() is not None: p = H.start(env, P, log=f"{d}/serve.log")
p.send_signal(signal.SIGTERM); p.wait(); p = H.start(env, P, log=f"{d}/serve.log")
problems = []
for i in range(ROUNDS):
    for rid in ("s" + str(i), "l" + str(i)):
        if rid not in acked: continue
        dec_id, verdict, v = acked[rid]
        st, b = H.post(P, agent, "/v1/decide", body(rid, v))
        if st != 200 or b.get("decision_id") != dec_id: problems.append(f"{rid}: acked {acked[rid]}, HTTP now {st} {str(b)[:100]}")
p.send_signal(signal.SIGTERM); p.wait()
for rid in list(acked)[:20]:
    dec_id, verdict, v = acked[rid]; b = body(rid, v)
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", b["action"], "--params", json.dumps(b["params"]), "--request-id", rid, "--json"], env=env, capture_output=True, text=True)
    try: j = json.loads(r.stdout)
    except Exception: j = {}
    if j.get("decision_id") != dec_id: problems.append(f"{rid}: acked {acked[rid]}, CLI now rc {r.returncode} {r.stdout[:80]}")
ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}
for x in ds: per.setdefault(x["request_id"], []).append(x["decision_id"])
multi = {k: v for k, v in per.items() if len(v) > 1}
spend = sum(60 for x in ds if x["verdict"] == "permit" and x["action"] == "spend"); lim = sum(1 for x in ds if x["verdict"] == "permit" and x["action"] == "lim")
a = H.sh(["journal", "audit"], env); v = H.sh(["journal", "verify"], env)
from collections import Counter
print(f"RESULT idem21: {ROUNDS} rounds, {kills} SIGKILLs, answers {dict(Counter((l[1], l[4]) for l in log))}; ids acked {len(acked)}; "
      f"ids with >1 decision {multi or 'none'}; changed/lost {len(problems)} {problems[:4]}; spend {spend}/1000; lim {lim}/5; verify {v.returncode} audit {a.returncode}", flush=True)
