#!/usr/bin/env python3
import os
"""PostgreSQL faults on 2 serve replicas through a loopback proxy. MODE=cut: cut all connections N times (0.3-1.5 s each)
under 16 clients; MODE=crash: kill -9 the postmaster N times and restart it; MODE=both. Reused request ids against
budget 1000 EUR (60 each) and count limit 5; then checks: acked permit lost/changed, duplicate permits per id,
decision ids reused (one id answered for two request ids), overspend, limit exceeded, journal verify/audit."""
import sys, os, time, random, threading, subprocess, json, signal
from collections import Counter
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attack18")); os.environ["FOUREYES_BIN"] = os.environ.get("FOUREYES_BIN", "target/debug/foureyes")
import harness as H
H.B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes")
MODE = sys.argv[1]; N = int(sys.argv[2]); REPL = int(sys.argv[3]) if len(sys.argv) > 3 else 2
PG = "/usr/lib/postgresql/15/bin"; DATA = "/tmp/attack19-pg/data"; CUT = "/tmp/attack19-pg/cut"
d = f"/tmp/attack19-pgrun/{MODE}"; subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chdir(d)
dbn = f"fe_{MODE}_{int(time.time())}"
subprocess.run(["su", "postgres", "-c", f"psql -q -h 127.0.0.1 -p 5461 -c 'create database {dbn}'"], check=True)
url = f"postgres://postgres@127.0.0.1:5462/{dbn}"
env = dict(os.environ, FOUREYES_DB=url, FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.yaml"))
if os.path.exists(CUT): os.remove(CUT)
px = subprocess.Popen(["python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "proxy.py"), "5462", "5461", CUT, "900"])
time.sleep(2)
r0 = H.sh(["token", "create", "--name", "bot", "--role", "agent"], env); print("token create:", r0.returncode, r0.stderr[-300:]); agent = [l for l in r0.stdout.split() if l.startswith("fe_") or l.startswith("fe.")][0]
ports = [18811 + i for i in range(REPL)]
reps = [H.start(env, pt, log=f"serve{pt}.log") for pt in ports]
log = []; lock = threading.Lock(); stop = threading.Event()
FRESH = os.environ.get("FRESH") == "1"; allids = []
def worker(k):
    rnd = random.Random(k); i = 0; pending = []
    while not stop.is_set():
        i += 1; pt = ports[k % REPL]
        if FRESH:
            if pending and rnd.random() < 0.5: rid = pending.pop(0)
            else:
                rid = f"{rnd.choice('sl')}-{k}-{i}"
                with lock: allids.append(rid)
        else: rid = rnd.choice(H.SPEND_IDS + H.LIM_IDS)
        st, b = H.post(pt, agent, "/v1/decide", H.body_for(rid), timeout=15)
        with lock: log.append((rid, st, b if isinstance(b, dict) else {"raw": b}))
        if FRESH and st != 200: pending.append(rid)
        time.sleep(0.01)
ts = [threading.Thread(target=worker, args=(k,)) for k in range(16)]; [t.start() for t in ts]
time.sleep(2)
rnd = random.Random(7)
def pgctl(a): return subprocess.run(["su", "postgres", "-c", f"{PG}/pg_ctl -D {DATA} -o '-p 5461 -k /tmp/attack19-pg -c listen_addresses=127.0.0.1' -l /tmp/attack19-pg/pg.log {a}"], capture_output=True, text=True)
for i in range(N):
    time.sleep(rnd.uniform(0.3, 2.0))
    m = MODE if MODE != "both" else rnd.choice(["cut", "crash"])
    if m == "cut":
        open(CUT, "w").write("x"); time.sleep(rnd.uniform(0.3, 1.5)); os.remove(CUT)
    else:
        pid = int(open(f"{DATA}/postmaster.pid").readline())
        kids = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()
        for x in [pid] + [int(k) for k in kids]:
            try: os.kill(x, signal.SIGKILL)
            except ProcessLookupError: pass
        time.sleep(rnd.uniform(0.2, 1.0))
        for _ in range(10):
            r = pgctl("start")
            if r.returncode == 0: break
            time.sleep(0.5)
        if r.returncode: print("restart failed", r.stdout[-200:], r.stderr[-200:])
    with lock: print(f"fault {i} {m}: answers so far {len(log)}", flush=True)
time.sleep(3); stop.set(); [t.join() for t in ts]
alive = [p.poll() is None for p in reps]
print("replicas alive after faults:", alive)
for p, pt in zip(reps, ports):
    if p.poll() is not None: reps[reps.index(p)] = H.start(env, pt, log=f"serve{pt}.log")
time.sleep(1)
if FRESH:
    H.SPEND_IDS = [r for r in allids if r[0] == "s"]; H.LIM_IDS = [r for r in allids if r[0] == "l"]
    # check every answered decision (permit or not) is found again with the same id
    ans = {}
    for rid, st, b in log:
        if st == 200 and isinstance(b, dict) and "decision_id" in b:
            if rid in ans and ans[rid] != (b["decision_id"], b.get("verdict")): print("CHANGED ANSWER", rid, ans[rid], b["decision_id"], b.get("verdict"))
            ans[rid] = (b["decision_id"], b.get("verdict"))
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout)
    byrid = {}
    for x in ds: byrid.setdefault(x["request_id"], []).append((x["decision_id"], x["verdict"]))
    lost = [r for r, v in ans.items() if v not in byrid.get(r, [])]
    multi = {r: v for r, v in byrid.items() if len(v) > 1 and not r.startswith("undo")}
    idc = Counter(x["decision_id"] for x in ds)
    print(f"FRESH: {len(allids)} ids sent, {len(ans)} answered with a decision, {len(ds)} decisions listed, answered-but-not-found {len(lost)} {lost[:5]}, rids with >1 decision {len(multi)} {list(multi.items())[:3]}, decision ids listed twice {sum(1 for v in idc.values() if v > 1)}, unanswered-but-decided {sum(1 for r in byrid if r not in ans)}")
from collections import Counter
res = H.check(env, ports[0], agent, None, log, MODE)
# decision ids answered for two different request ids?
byid = {}
for rid, st, b in log:
    if st == 200 and isinstance(b, dict) and "decision_id" in b:
        byid.setdefault(b["decision_id"], set()).add(rid)
reused = {k: v for k, v in byid.items() if len(v) > 1}
if reused: res["problems"].append(f"DECISION IDS REUSED: {list(reused.items())[:5]}")
from collections import Counter
print(json.dumps({k: v for k, v in res.items()}, default=str, indent=0)[:3000])
print("answer codes:", Counter((st, (b.get('verdict') or (b.get('error') or {}).get('code') if isinstance(b.get('error'), dict) else b.get('verdict'))) for _, st, b in log).most_common(12))
for p in reps: p.send_signal(signal.SIGTERM)
for p in reps:
    try: p.wait(timeout=10)
    except Exception: p.kill()
px.kill()
