#!/usr/bin/env python3
"""ADR-790: a failed (and slow) fsync or write of the WAL on a LONE caller's own commit, with callers queueing behind it.
usage: FOUREYES_BIN=... python3 fault790.py fsync|write N ERRNO DELAY_MS BURST
serve (SQLite, seal key) under the LD_PRELOAD shim: the N-th fsync (or write) of t.db-wal sleeps DELAY_MS then fails
with ERRNO (once). One steady caller (lone commits) runs; the moment the shim logs that the failing call began, BURST
callers fire at once (they queue behind the commit in flight). Then serve is SIGKILLed, restarted clean, every
acknowledged request re-asked, the listing checked (dup permits, ids, spend <= 1000, limit <= 5), verify, audit."""
import json, os, shutil, signal, subprocess, sys, threading, time
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
kind, n, errno_, delay, burst = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
d = f"/tmp/attack20-fault/{kind}{n}-{errno_}-{delay}-{burst}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); PORT = 18871
fe = {"LD_PRELOAD": H.SHIM, "SHIM_MATCH": "t.db-wal", "SHIM_ERRNO": errno_, "SHIM_LOG": f"{d}/shim.log", "SHIM_FSYNC_DELAY_MS": delay}
fe["SHIM_FSYNC_N" if kind == "fsync" else "SHIM_WRITE_N"] = n
p = H.start(env, PORT, fe, log=f"{d}/serve.log")
log = []; lock = threading.Lock(); stop = threading.Event(); t_begin = [None]
def body(rid):
    if rid[0] == "t": return {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}
    return H.body_for(rid)
def one(rid, tag):
    t0 = time.time(); st, b = H.post(PORT, agent, "/v1/decide", body(rid), timeout=15)
    with lock: log.append((rid, st, b if isinstance(b, dict) else {"raw": str(b)}, tag, t0, time.time()))
def steady():
    i = 0
    while not stop.is_set() and i < 5000:
        i += 1; one(f"ts{i}" if i % 3 else H.SPEND_IDS[i % 40], "steady"); time.sleep(0.01)
th = threading.Thread(target=steady); th.start()
bt = []
for _ in range(3000):
    if os.path.exists(f"{d}/shim.log") and "begin" in open(f"{d}/shim.log").read():
        t_begin[0] = time.time()
        bt = [threading.Thread(target=one, args=(f"tb{k}" if k % 2 else (H.SPEND_IDS + H.LIM_IDS)[k % 60], "burst")) for k in range(burst)]
        [t.start() for t in bt]; break
    time.sleep(0.002)
[t.join() for t in bt]; time.sleep(1.0); stop.set(); th.join()
alive = p.poll() is None; p.send_signal(signal.SIGKILL); p.wait()
shim = open(f"{d}/shim.log").read().strip().replace("\n", "; ") if os.path.exists(f"{d}/shim.log") else "(not hit)"
p = H.start(env, PORT, log=f"{d}/serve.log")
acked = {}; problems = []
for rid, st, b, tag, t0, t1 in log:
    if st == 200 and "decision_id" in b:
        k = (b["decision_id"], b.get("verdict"))
        if rid in acked and acked[rid] != k: problems.append(f"{rid} acked {acked[rid]} then {k}")
        acked.setdefault(rid, k)
lost = 0
for rid, (did, verdict) in acked.items():
    st, b = H.post(PORT, agent, "/v1/decide", body(rid))
    if st != 200 or b.get("decision_id") != did or b.get("verdict") != verdict:
        lost += 1; problems.append(f"LOST/CHANGED {rid}: acked {did} {verdict}, now {st} {str(b)[:150]}")
p.send_signal(signal.SIGTERM); p.wait()
decs = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}; spend = 0; lim = 0
for x in decs:
    if x["verdict"] == "permit":
        per.setdefault(x["request_id"], []).append(x["decision_id"])
        if x["action"] == "spend": spend += float(x["params"]["amount_eur"])
        if x["action"] == "lim": lim += 1
dups = {k: v for k, v in per.items() if len(v) > 1}
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
burst_codes = Counter((st, b.get("verdict") or ((b.get("error") or {}).get("code") if isinstance(b.get("error"), dict) else str(b)[:40])) for _, st, b, tag, _, _ in log if tag == "burst")
after = [(round(t1 - t_begin[0], 3), st) for _, st, b, tag, t0, t1 in log if t_begin[0] and tag == "burst" and st == 200]
print(f"RESULT {kind} n={n} errno={errno_} delay={delay}ms burst={burst}: shim [{shim[:160]}], serve alive after: {alive}, answers {len(log)}, acked {len(acked)}, "
      f"lost {lost}, dup {len(dups)}, spend {spend}/1000, lim {lim}/5, verify {v.returncode} audit {a.returncode}")
print("  burst answers:", dict(burst_codes), "; 200s answered at (s after the failing call began):", sorted(after)[:8], "...", sorted(after)[-3:])
print("  serve.log fail lines:", [l[:200] for l in open(f"{d}/serve.log").read().splitlines() if "fail" in l.lower() or "stop" in l.lower()][:3])
for x in problems[:10]: print("  PROBLEM", x)
