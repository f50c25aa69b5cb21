#!/usr/bin/env python3
import os
# serve on SQLite WITH the seal key; the Nth fsync (or write) of the WAL fails (EIO, sticky or once) under 16 clients
# with reused ids (budget 1000/60 each, limit 5); restart clean; attack 18's check (lost, dup, overspend, verify, audit).
import sys, os, shutil, json, time, subprocess, signal, threading
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attack18")); import harness as H
H.B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes"); kind, n, sticky = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
d = f"/tmp/attack19-fsync/{kind}{n}{sticky}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.yaml"), FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent")
fe = {"LD_PRELOAD": "/tmp/attack19-run/shim.so", "SHIM_MATCH": "t.db-wal", "SHIM_ERRNO": "5", "SHIM_LOG": f"{d}/shim.log"}
fe["SHIM_FSYNC_N" if kind == "fsync" else "SHIM_WRITE_N"] = n
if sticky: fe["SHIM_STICKY"] = "1"
p = H.start(env, 18861, fe); time.sleep(2); log = []; stop = threading.Event()
H.load(18861, agent, 40, log, stop)
p.send_signal(signal.SIGKILL); p.wait(); p = H.start(env, 18861); time.sleep(2)
res = H.check(env, 18861, agent, None, log, f"{kind}{n}")
from collections import Counter
print("shim:", open(f"{d}/shim.log").read().strip()[:100] if os.path.exists(f"{d}/shim.log") else "(not hit)")
print("RESULT", kind, n, "sticky" if sticky else "once", {k: res[k] for k in ("answers", "acked_permits", "permits_listed", "spend", "lim", "problems")}, "verify", res["verify"][0], "audit", res["audit"][0])
print("codes", Counter((st, b.get("verdict") or ((b.get("error") or {}).get("code") if isinstance(b.get("error"), dict) else None)) for _, st, b in log).most_common(6))
p.send_signal(signal.SIGTERM); p.wait()
