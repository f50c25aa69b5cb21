#!/usr/bin/env python3
import os
# serve WITH the seal key on a 12 MiB tmpfs, filled to ~300 KiB free by a ballast file, 16 clients with FRESH
# request ids (half spend 60 against 1000/1h, half lim 5/1h) until the disk is full; ballast removed; restart; check.
import sys, os, shutil, json, time, subprocess, signal, threading
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attack18")); import harness as H
H.B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes"); M = "/tmp/attack19-tmpfs"
os.makedirs(M, exist_ok=True); subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12m", "tmpfs", M], check=True)
try:
    d = M; os.chdir(d); K = "/tmp/attack19-run/dfkeys"; shutil.rmtree(K, ignore_errors=True)
    subprocess.run([H.B, "journal", "keygen", "--out", K], capture_output=True)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.yaml"), FOUREYES_SEAL_KEY=f"{K}/seal.key")
    agent = H.token(env, "bot", "agent"); p = H.start(env, 18871, log="/tmp/attack19-run/df-serve.log"); time.sleep(2)
    st = os.statvfs(M); free = st.f_bavail * st.f_frsize
    with open(f"{M}/ballast", "wb") as f: f.write(b"\0" * max(0, free - 300 * 1024))
    log = []; lock = threading.Lock(); stop = threading.Event(); ids = []
    def w(k):
        for i in range(150):
            rid = f"{'sl'[i % 2]}-{k}-{i}"
            with lock: ids.append(rid)
            st, b = H.post(18871, agent, "/v1/decide", H.body_for(rid))
            with lock: log.append((rid, st, b if isinstance(b, dict) else {"raw": b}))
    ts = [threading.Thread(target=w, args=(k,)) for k in range(16)]; [t.start() for t in ts]; [t.join() for t in ts]
    os.remove(f"{M}/ballast"); p.send_signal(signal.SIGKILL); p.wait(); p = H.start(env, 18871, log="/tmp/attack19-run/df-serve.log"); time.sleep(2)
    H.SPEND_IDS = [r for r in ids if r[0] == "s"]; H.LIM_IDS = [r for r in ids if r[0] == "l"]
    res = H.check(env, 18871, agent, None, log, "diskfull")
    from collections import Counter
    print("RESULT diskfull", {k: res[k] for k in ("answers", "acked_permits", "permits_listed", "spend", "lim")}, "problems", res["problems"][:5], "verify", res["verify"][0], "audit", res["audit"][0])
    print("codes", Counter((st, b.get("verdict") or ((b.get("error") or {}).get("code") if isinstance(b.get("error"), dict) else None)) for _, st, b in log).most_common(6))
    p.send_signal(signal.SIGTERM); p.wait()
finally:
    os.chdir("/"); subprocess.run(["umount", M])
