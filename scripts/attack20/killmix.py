#!/usr/bin/env python3
"""SIGKILL of `serve` (SQLite, seal key) at random points under MIXED load with N callers: rounds of
thermo permit -> report -> undo -> report; pay defer -> approve -> release (sent twice at once: the same request id) ->
report; spend 60 (1000/h). After each kill every caller RETRIES its interrupted round with the same request ids.
usage: FOUREYES_BIN=... python3 killmix.py N CYCLES [seed]
End: clean start; per request id at most one permit; per executed decision at most one undo permit; per approval at
most one release; spend <= 1000; every acknowledged decision found with its id and verdict; verify, audit."""
import json, os, random, shutil, signal, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
N, CYC = int(sys.argv[1]), int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed); POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy20.yaml")
d = f"/tmp/attack20-killmix/{N}-{seed}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); appr = H.token(env, "alice", "approver"); PORT = 18880 + (N % 7)
acked = {}; problems = []; lock = threading.Lock(); nxt = [0] * N; calls = [0]
class Down(Exception): pass
def post(tok, path, body):
    st, b = H.post(PORT, tok, path, body, timeout=8)
    with lock: calls[0] += 1
    if st == -1 or st == 503: raise Down()
    return st, (b if isinstance(b, dict) else {})
def dec(rid, action, params):
    st, b = post(agent, "/v1/decide", {"request_id": rid, "action": action, "params": params}); note(rid, st, b); return st, b
def note(rid, st, b):
    if st == 200 and "decision_id" in b:
        with lock:
            k = (b["decision_id"], b.get("verdict"))
            if rid in acked and acked[rid] != k and not (acked[rid][1] == "defer" and k[1] == "permit"):
                problems.append(f"{rid} acked {acked[rid]} then {k}")
            if rid not in acked or k[1] == "permit": acked[rid] = k
def round_(k, i):
    b0 = f"c{k}r{i}"
    st, t = dec(b0 + "t", "thermo", {"celsius": 20})
    if t.get("verdict") == "permit":
        post(agent, f"/v1/decisions/{t['decision_id']}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
        st, u = post(agent, f"/v1/decisions/{t['decision_id']}/undo", {"request_id": b0 + "u"}); note(b0 + "u", st, u)
        if u.get("verdict") == "permit": post(agent, f"/v1/decisions/{u['decision_id']}/report", {"outcome": "executed"})
    st, p = dec(b0 + "p", "pay", {"amount_eur": 5})
    if p.get("verdict") == "defer":
        post(appr, f"/v1/approvals/{p['approval_id']}/approve", {"digest": p["digest"]})
    if p.get("verdict") in ("defer", "permit"):
        res = []
        def rel(): 
            try: res.append(dec(b0 + "p", "pay", {"amount_eur": 5}))
            except Down: res.append((503, {}))
        ts = [threading.Thread(target=rel) for _ in range(2)]; [x.start() for x in ts]; [x.join() for x in ts]
        for st, r in res:
            if r.get("verdict") == "permit": post(agent, f"/v1/decisions/{r['decision_id']}/report", {"outcome": "executed"})
    dec(b0 + "s", "spend", {"amount_eur": 60})
for c in range(CYC):
    p = H.start(env, PORT, log=f"{d}/serve.log")
    if p.poll() is not None: problems.append(f"cycle {c}: serve did not start: {open(d + '/serve.log').read()[-300:]}"); break
    stop = threading.Event()
    def worker(k):
        while not stop.is_set() and nxt[k] < 400:
            try: round_(k, nxt[k]); nxt[k] += 1
            except Down: return
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(N)]; [t.start() for t in ts]
    time.sleep(rnd.uniform(0.3, 2.5)); p.send_signal(signal.SIGKILL); p.wait(); stop.set(); [t.join() for t in ts]
p = H.start(env, PORT, log=f"{d}/serve.log")
for k in range(N):   # finish every interrupted round
    try: round_(k, nxt[k])
    except Down: problems.append("down at the end")
lost = 0
for rid, (did, verdict) in sorted(acked.items()):
    if rid.endswith("u"): continue
    act, params = {"t": ("thermo", {"celsius": 20}), "p": ("pay", {"amount_eur": 5}), "s": ("spend", {"amount_eur": 60})}[rid[-1]]
    st, b = H.post(PORT, agent, "/v1/decide", {"request_id": rid, "action": act, "params": params})
    if st != 200 or b.get("decision_id") != did or b.get("verdict") != verdict:
        lost += 1; problems.append(f"LOST/CHANGED {rid}: acked {did} {verdict}, now {st} {str(b)[:150]}")
p.send_signal(signal.SIGTERM); p.wait()
decs = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}; undo = {}; appr_used = {}; spend = 0
for x in decs:
    if x["verdict"] != "permit": continue
    per.setdefault((x["request_id"], x.get("undo_of")), []).append(x["decision_id"])
    if x.get("undo_of"): undo.setdefault(x["undo_of"], []).append(x["decision_id"])
    if x["action"] == "pay": appr_used.setdefault(x.get("approval_id"), []).append(x["decision_id"])
    if x["action"] == "spend": spend += float(x["params"]["amount_eur"])
dups = {k: v for k, v in per.items() if len(v) > 1}; du = {k: v for k, v in undo.items() if len(v) > 1}; da = {k: v for k, v in appr_used.items() if len(v) > 1}
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
print(f"RESULT killmix N={N} cycles={CYC} seed={seed}: rounds {sum(nxt)}, calls {calls[0]}, acked {len(acked)}, decisions {len(decs)}, lost {lost}, "
      f"dup permits {len(dups)}, undo twice {len(du)}, approval released twice {len(da)}, pay permits {sum(len(v) for v in appr_used.values())}, "
      f"spend {spend}/1000, verify {v.returncode} audit {a.returncode} {(a.stdout + a.stderr).strip()[-100:]}")
for x in problems[:12]: print("  PROBLEM", x)
