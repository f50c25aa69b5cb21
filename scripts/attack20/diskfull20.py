#!/usr/bin/env python3
"""ADR-790 under a full disk: serve (seal key) on a 16 MiB tmpfs with FREE_KB left by a ballast file; one steady caller
(lone commits) plus bursts of BURST callers every 250 ms (batches) until the disk is full and then 3 s more; ballast
removed, serve SIGKILLed, restarted, every acknowledged request re-asked; dup/spend/limit/verify/audit checked.
usage (root, mounts and unmounts /tmp/attack20-tmpfs): FOUREYES_BIN=... python3 diskfull20.py FREE_KB BURST"""
import json, os, shutil, signal, subprocess, sys, threading, time
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
FREE, BURST = int(sys.argv[1]), int(sys.argv[2]); M = "/tmp/attack20-tmpfs"; L = "/tmp/attack20-run"
os.makedirs(M, exist_ok=True); subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", M], check=True)
try:
    K = f"{L}/dfkeys"; shutil.rmtree(K, ignore_errors=True); subprocess.run([H.B, "journal", "keygen", "--out", K], capture_output=True)
    env = dict(os.environ, FOUREYES_DB=f"{M}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{K}/seal.key")
    agent = H.token(env, "bot", "agent"); PORT = 18876; p = H.start(env, PORT, log=f"{L}/df-serve.log")
    st = os.statvfs(M); free = st.f_bavail * st.f_frsize
    with open(f"{M}/ballast", "wb") as f: f.write(b"\0" * max(0, free - FREE * 1024))
    log = []; lock = threading.Lock(); stop = threading.Event(); ids = []; first_fail = [None]
    def one(rid, tag):
        st, b = H.post(PORT, agent, "/v1/decide", H.body_for(rid) if rid[0] in "sl" else {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}, timeout=15)
        with lock:
            log.append((rid, st, b if isinstance(b, dict) else {"raw": str(b)}, tag))
            if st != 200 and first_fail[0] is None: first_fail[0] = time.time()
    def steady():
        i = 0
        while not stop.is_set() and i < 20000:
            i += 1; one(f"t-{i}" if i % 2 else f"s-x{i}", "steady")
    th = threading.Thread(target=steady); th.start(); t0 = time.time(); nb = 0
    while time.time() - t0 < 120 and not (first_fail[0] and time.time() - first_fail[0] > 3):
        nb += 1; bt = [threading.Thread(target=one, args=((f"s-{nb}-{k}" if k % 3 == 0 else f"l-{nb}-{k}" if k % 3 == 1 else f"t-{nb}-{k}"), "burst")) for k in range(BURST)]
        [t.start() for t in bt]; [t.join() for t in bt]; time.sleep(0.25)
    stop.set(); th.join()
    alive = p.poll() is None
    os.remove(f"{M}/ballast"); p.send_signal(signal.SIGKILL); p.wait()
    p = H.start(env, PORT, log=f"{L}/df-serve.log")
    acked = {}; problems = []
    for rid, st, b, tag in log:
        if st == 200 and "decision_id" in b: acked.setdefault(rid, (b["decision_id"], b.get("verdict")))
    lost = 0
    for rid, (did, verdict) in acked.items():
        body = H.body_for(rid) if rid[0] in "sl" else {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}
        st, b = H.post(PORT, agent, "/v1/decide", body)
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
    codes = Counter((st, b.get("verdict") or ((b.get("error") or {}).get("code") if isinstance(b.get("error"), dict) else str(b)[:40])) for _, st, b, _ in log)
    print(f"RESULT diskfull free={FREE}KiB burst={BURST}: serve alive when full: {alive}, answers {len(log)}, acked {len(acked)}, lost {lost}, dup {len(dups)}, spend {spend}/1000, lim {lim}/5, verify {v.returncode} audit {a.returncode}")
    print("  codes:", dict(codes.most_common(8)))
    print("  serve.log:", [l[:220] for l in open(f"{L}/df-serve.log").read().splitlines() if "space" in l.lower() or "full" in l.lower() or "stop" in l.lower()][:3])
    for x in problems[:10]: print("  PROBLEM", x)
finally:
    try: p.kill()
    except Exception: pass
    os.chdir("/"); subprocess.run(["umount", M])
