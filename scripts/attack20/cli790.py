#!/usr/bin/env python3
"""ADR-790: serve's lone callers (busy timeout zero on their own commit) while CLI doors in other processes hold the
SQLite write lock, and a foreign process holding the write lock for HOLD_MS at a time (BEGIN IMMEDIATE, sleep,
COMMIT). usage: FOUREYES_BIN=... python3 cli790.py N SECS HOLD_MS [KILLS]
N HTTP callers (fresh ids: spend 60 of 1000/h, lim 5/h, thermo), 2 CLI loops deciding the same kinds, one lock holder;
KILLS SIGKILLs of serve spread over the run (restarted each time). Counted: HTTP answers by code, CLI exit codes,
then every acked request re-asked, permits per request id, spend, limit, verify, audit."""
import json, os, random, shutil, signal, sqlite3, subprocess, sys, threading, time
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
N, SECS, HOLD = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]); KILLS = int(sys.argv[4]) if len(sys.argv) > 4 else 0
d = f"/tmp/attack20-cli/{N}-{HOLD}-{KILLS}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); PORT = 18905 + (N % 5); srv = [H.start(env, PORT, log=f"{d}/serve.log")]
stop = threading.Event(); log = []; cli = []; lock = threading.Lock()
def body(rid):
    if rid[0] == "s": return {"request_id": rid, "action": "spend", "params": {"amount_eur": 60, "n": rid}}
    if rid[0] == "l": return {"request_id": rid, "action": "lim", "params": {"n": rid}}
    return {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}
def http(k):
    i = 0
    while not stop.is_set():
        i += 1; rid = f"{'slt'[i % 3]}h{k}-{i}"; st, b = H.post(PORT, agent, "/v1/decide", body(rid), timeout=15)
        with lock: log.append((rid, st, b if isinstance(b, dict) else {"raw": str(b)}))
        if st == -1: time.sleep(0.2)
def clil(k):
    i = 0
    while not stop.is_set():
        i += 1; rid = f"{'slt'[i % 3]}c{k}-{i}"; bb = body(rid)
        r = subprocess.run([H.B, "decide", "--agent", "bot", "--action", bb["action"], "--params", json.dumps(bb["params"]), "--request-id", rid, "--json"], env=env, capture_output=True, text=True)
        with lock: cli.append((rid, r.returncode, r.stdout, r.stderr[-200:]))
def holder():
    c = sqlite3.connect(f"{d}/t.db", timeout=30, isolation_level=None)
    while not stop.is_set():
        try: c.execute("BEGIN IMMEDIATE"); time.sleep(HOLD / 1000); c.execute("COMMIT")
        except Exception as e: pass
        time.sleep(0.05)
    c.close()
ts = [threading.Thread(target=http, args=(k,)) for k in range(N)] + [threading.Thread(target=clil, args=(k,)) for k in range(2)]
if HOLD: ts.append(threading.Thread(target=holder))
[t.start() for t in ts]; t0 = time.time()
for j in range(KILLS):
    time.sleep(SECS / (KILLS + 1)); srv[0].send_signal(signal.SIGKILL); srv[0].wait(); srv[0] = H.start(env, PORT, log=f"{d}/serve.log")
while time.time() - t0 < SECS: time.sleep(0.2)
stop.set(); [t.join() for t in ts]
acked = {}
for rid, st, b in log:
    if st == 200 and "decision_id" in b: acked[rid] = (b["decision_id"], b["verdict"])
clicodes = Counter(rc for _, rc, _, _ in cli); cli_err = [e for _, rc, _, e in cli if rc not in (0, 10, 11)][:3]
for rid, rc, out, _ in cli:
    try: j = json.loads(out); acked[rid] = (j["decision_id"], j["verdict"])
    except Exception: pass
lost = []
for rid, (did, v) in acked.items():
    st, b = H.post(PORT, agent, "/v1/decide", body(rid))
    if st != 200 or b.get("decision_id") != did or b.get("verdict") != v: lost.append((rid, did, v, st, str(b)[:100]))
srv[0].send_signal(signal.SIGTERM); srv[0].wait()
decs = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = Counter(x["request_id"] for x in decs if x["verdict"] == "permit")
spend = sum(60 for x in decs if x["verdict"] == "permit" and x["action"] == "spend"); lim = sum(1 for x in decs if x["verdict"] == "permit" and x["action"] == "lim")
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
httpc = Counter((st, b.get("verdict") or ((b.get("error") or {}).get("code") if isinstance(b.get("error"), dict) else str(b)[:30])) for _, st, b in log)
print(f"RESULT cli790 N={N} hold={HOLD}ms kills={KILLS} {SECS}s: http {dict(httpc.most_common(6))}, cli exit codes {dict(clicodes)}, acked {len(acked)}, "
      f"lost {len(lost)}, ids with 2 permits {sum(1 for c in per.values() if c > 1)}, spend {spend}/1000, lim {lim}/5, verify {v.returncode} audit {a.returncode}")
if cli_err: print("  cli errors:", cli_err)
for x in lost[:5]: print("  LOST", x)
