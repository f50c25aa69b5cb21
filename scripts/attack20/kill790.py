#!/usr/bin/env python3
"""ADR-790/791: SIGKILL `serve` (SQLite, seal key) at random points while N callers decide.
usage: FOUREYES_BIN=... python3 kill790.py N CYCLES [seed]
Each cycle: start serve, N threads send decides (reused ids on a 1000 EUR/h budget at 60 each and a count-5 limit,
plus fresh ids of a free tier-1 action), SIGKILL after a random 0.15-1.5 s, next cycle on the same database.
End: clean start, every acknowledged request re-asked (must answer the same decision id), the listing checked for
two permits per request id, a decision id acknowledged for two requests, spend > 1000, limit > 5; verify, audit."""
import json, os, random, shutil, signal, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
N, CYC = int(sys.argv[1]), int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
d = f"/tmp/attack20-kill/{N}-{seed}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); PORT = 18830 + (N % 7)
acked = {}   # rid -> (decision_id, verdict, body)
problems = []; lock = threading.Lock(); answered = 0; failed = 0
def body(rid):
    if rid[0] == "t": return {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}
    return H.body_for(rid)
def note(rid, st, b):
    global answered, failed
    with lock:
        if st == 200 and isinstance(b, dict) and "decision_id" in b:
            answered += 1
            k = (b["decision_id"], b.get("verdict"))
            if rid in acked and acked[rid][:2] != k: problems.append(f"{rid}: acked {acked[rid][:2]} then {k}")
            acked.setdefault(rid, k + (b.get("replayed"),))
        else: failed += 1
for c in range(CYC):
    p = H.start(env, PORT, log=f"{d}/serve.log")
    if p.poll() is not None: problems.append(f"cycle {c}: serve did not start: {open(d + '/serve.log').read()[-300:]}"); break
    stop = threading.Event()
    def worker(k, c=c):
        r = random.Random(seed * 1000 + c * 100 + k); i = 0
        while not stop.is_set():
            i += 1
            rid = r.choice(H.SPEND_IDS + H.LIM_IDS) if r.random() < 0.5 else f"t{c}-{k}-{i}"
            st, b = H.post(PORT, agent, "/v1/decide", body(rid), timeout=5); note(rid, st, b)
            if st == -1: return
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(N)]; [t.start() for t in ts]
    time.sleep(rnd.uniform(0.15, 1.5)); p.send_signal(signal.SIGKILL); p.wait(); stop.set(); [t.join() for t in ts]
p = H.start(env, PORT, log=f"{d}/serve.log")
lost = 0
for rid, (did, verdict, _) in sorted(acked.items()):
    st, b = H.post(PORT, agent, "/v1/decide", body(rid))
    if st != 200 or b.get("decision_id") != did or b.get("verdict") != verdict:
        lost += 1; problems.append(f"LOST/CHANGED {rid}: acked {did} {verdict}, now {st} {str(b)[:160]}")
p.send_signal(signal.SIGTERM); p.wait()
decs = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}; byid = {}; spend = 0; lim = 0
for x in decs:
    byid.setdefault(x["decision_id"], []).append(x["request_id"])
    if x["verdict"] == "permit":
        per.setdefault((x["request_id"], x.get("undo_of")), []).append(x["decision_id"])
        if x["action"] == "spend": spend += float(x["params"]["amount_eur"])
        if x["action"] == "lim": lim += 1
dups = {k: v for k, v in per.items() if len(v) > 1}
if dups: problems.append(f"DUP permits {list(dups.items())[:5]}")
reused = {k: v for k, v in byid.items() if len(v) > 1}
if reused: problems.append(f"decision id listed twice {list(reused.items())[:5]}")
ids_acked = {}
for rid, (did, _, _) in acked.items(): ids_acked.setdefault(did, []).append(rid)
two = {k: v for k, v in ids_acked.items() if len(v) > 1}
if two: problems.append(f"one decision id acked for two requests {list(two.items())[:5]}")
if spend > 1000: problems.append(f"OVERSPENT {spend}")
if lim > 5: problems.append(f"LIMIT {lim}")
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
print(f"RESULT N={N} cycles={CYC} seed={seed}: answered {answered}, failed/unanswered {failed}, acked requests {len(acked)}, "
      f"decisions listed {len(decs)}, lost {lost}, dup permits {len(dups)}, ids reused {len(reused)}+{len(two)}, spend {spend}/1000, lim {lim}/5, "
      f"verify {v.returncode} audit {a.returncode} {(a.stdout + a.stderr).strip()[-120:]}")
for x in problems[:20]: print("  PROBLEM", x)
