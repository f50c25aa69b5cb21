#!/usr/bin/env python3
"""ADR-369 patterns against a sealed SQLite serve. `rw`: count 1/day, report_within 20 s; `rw2`: count 1/day,
report_within 120 s. r1 is permitted and never reported (the agent could not reach the door); then r2 is asked.
A second permit = the slot was freed although the agent lost its reporting time to a stall.
CASES: short (STOP=2.8 RUN=0.2: [SIGSTOP STOP s, run RUN s] for ~30 s, then r2)
       report_stop (the agent's report of r1 sent and serve SIGSTOPped 5 ms later for 25 s; r2 sent during the stop)
       jump (serve's wall clock +1 h (shim) while SIGSTOPped 2 s; r2 right after)
       cli_after_kill (SIGSTOP 25 s, SIGCONT, SIGKILL 50 ms later before a tick; a CLI door decides r2)
       serve_after_kill (the same, then a new serve decides r2)
       cli_frozen (SIGSTOP 25 s; a CLI door decides r2 while serve is frozen: ADR-365/369's named 'cli' limit)
       many (rw2: SIGSTOP 125 s, then 64 x [SIGSTOP 3.4 s, run 1.2 s]; r2 at ~+420 s: >64 outages, the named limit)
usage: FOUREYES_BIN=... python3 outage21.py CASE"""
import sys, os, shutil, json, time, subprocess, signal, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; case = sys.argv[1]; P = 18954 if case != "many" else 18955
d = f"/tmp/attack21-369/{case}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_rw21.yaml"), FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent")
act = "rw2" if case == "many" else "rw"
off = f"{d}/offset"; open(off, "w").write("0")
extra = {"LD_PRELOAD": H.SHIM, "SHIM_OFFSET_FILE": off} if case == "jump" else None
p = H.start(env, P, extra, log=f"{d}/serve.log"); t0 = time.time()
def T(): return f"+{time.time()-t0:5.1f}s"
st, b = H.post(P, agent, "/v1/decide", {"request_id": "r1", "action": act}); print(T(), "r1:", st, b.get("verdict"), b.get("decision_id"), flush=True)
r1 = b["decision_id"]
def r2_serve(port=P):
    st, b = H.post(port, agent, "/v1/decide", {"request_id": "r2", "action": act}, timeout=60)
    print(T(), "r2 via serve:", st, b.get("verdict") if isinstance(b, dict) else b, [r["code"] for r in b.get("reasons", [])] if isinstance(b, dict) else "", flush=True)
def r2_cli():
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", act, "--request-id", "r2cli", "--json"], env=env, capture_output=True, text=True)
    print(T(), "r2 via CLI: rc", r.returncode, flush=True)
def anchor(): 
    try: return open(f"{d}/t.db.clock").read().strip()[:300]
    except Exception as e: return str(e)
time.sleep(1)
if case == "short":
    STOP, RUN = float(os.environ.get("STOP", "2.8")), float(os.environ.get("RUN", "0.2")); n = int(30 / (STOP + RUN)) + 1
    for i in range(n): p.send_signal(signal.SIGSTOP); time.sleep(STOP); p.send_signal(signal.SIGCONT); time.sleep(RUN)
    print(T(), n, f"stops of {STOP} s (runs of {RUN} s) done; anchor:", anchor()); r2_serve()
elif case == "report_stop":
    res = {}
    th = threading.Thread(target=lambda: res.setdefault("rep", H.post(P, agent, f"/v1/decisions/{r1}/report", {"outcome": "executed"}, timeout=60)))
    th.start(); time.sleep(0.005); p.send_signal(signal.SIGSTOP); print(T(), "report sent, serve SIGSTOPped 5 ms later")
    th2 = threading.Thread(target=r2_serve); time.sleep(1); th2.start()
    time.sleep(24); p.send_signal(signal.SIGCONT); print(T(), "SIGCONT"); th.join(); th2.join(); print(T(), "report:", res["rep"][0], str(res["rep"][1])[:100])
elif case == "jump":
    p.send_signal(signal.SIGSTOP); open(off, "w").write("3600"); time.sleep(2); p.send_signal(signal.SIGCONT); print(T(), "wall clock +1 h while stopped 2 s"); r2_serve()
    time.sleep(2); open(off, "w").write("-3600"); p.send_signal(signal.SIGSTOP); time.sleep(2); p.send_signal(signal.SIGCONT); print(T(), "wall clock -1 h while stopped 2 s"); r2_serve()
elif case in ("cli_after_kill", "serve_after_kill"):
    p.send_signal(signal.SIGSTOP); time.sleep(25); p.send_signal(signal.SIGCONT); time.sleep(0.05); p.send_signal(signal.SIGKILL); p.wait(); print(T(), "SIGCONT then SIGKILL 50 ms later; anchor:", anchor())
    if case == "cli_after_kill": r2_cli()
    else: p = H.start(env, P, log=f"{d}/serve2.log"); r2_serve()
elif case == "cli_frozen":
    p.send_signal(signal.SIGSTOP); time.sleep(25); r2_cli(); p.send_signal(signal.SIGCONT)
elif case == "many":
    p.send_signal(signal.SIGSTOP); time.sleep(125); p.send_signal(signal.SIGCONT); time.sleep(1.5); print(T(), "long stop done; anchor:", anchor(), flush=True)
    for i in range(64): p.send_signal(signal.SIGSTOP); time.sleep(3.4); p.send_signal(signal.SIGCONT); time.sleep(1.2)
    print(T(), "64 short stops done; anchor:", anchor(), flush=True); r2_serve()
if p.poll() is None: p.send_signal(signal.SIGTERM); p.wait()
ds = json.loads(subprocess.run([B, "decisions", "list", "--all", "--json"], env=env, capture_output=True, text=True).stdout or "[]")
print("RESULT", case, "permits:", sum(1 for x in ds if x["verdict"] == "permit"), "(limit 1; r1 never reported)", flush=True)
