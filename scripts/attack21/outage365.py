#!/usr/bin/env python3
# ADR-365: rw has count 1/day and report_within 20 s. r1 permitted via serve, never reported while the door is down.
# CASE cli: serve stopped 25 s; a CLI door then decides r2.   CASE twice: outage 15 s, serve up 2 s, outage 15 s, serve up; r2 at +36 s.
# CASE sigstop: serve SIGSTOPped 25 s (frozen, not restarted), SIGCONT, r2 via serve.
# CASE clitouch: serve stopped 25 s, during it a CLI read-only command opens the store; serve restarts; r2 via serve.
import sys, os, shutil, json, time, subprocess, signal
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; case = sys.argv[1]
d = f"/tmp/attack21-365/{case}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_rw.yaml"), FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); P = 18961
def up(): return H.start(env, P)
def down(p): p.send_signal(signal.SIGTERM); p.wait()
p = up(); t0 = time.time()
st, b = H.post(P, agent, "/v1/decide", {"request_id": "r1", "action": "rw"}); print(f"+{time.time()-t0:4.1f}s r1:", st, b.get("verdict"), b.get("decision_id"))
if case == "sigstop":
    time.sleep(1); p.send_signal(signal.SIGSTOP); print(f"+{time.time()-t0:4.1f}s serve SIGSTOPped (the agent cannot report)")
    time.sleep(25); p.send_signal(signal.SIGCONT); print(f"+{time.time()-t0:4.1f}s serve SIGCONT"); time.sleep(1)
else:
    time.sleep(1); down(p); print(f"+{time.time()-t0:4.1f}s serve down")
def r2_serve():
    st, b = H.post(P, agent, "/v1/decide", {"request_id": f"r2-{time.time()}", "action": "rw"}); print(f"+{time.time()-t0:4.1f}s r2 via serve:", st, b.get("verdict"), [r["code"] for r in b.get("reasons", [])])
if case == "cli":
    time.sleep(25)
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", "rw", "--request-id", "r2cli", "--json"], env=env, capture_output=True, text=True)
    print(f"+{time.time()-t0:4.1f}s r2 via CLI:", r.returncode, r.stdout[:160].replace("\n", " "))
elif case == "twice":
    time.sleep(15); p = up(); print(f"+{time.time()-t0:4.1f}s serve up"); time.sleep(2); down(p); print(f"+{time.time()-t0:4.1f}s serve down")
    time.sleep(15); p = up(); print(f"+{time.time()-t0:4.1f}s serve up")
    while time.time() - t0 < 37: time.sleep(0.5)
    r2_serve(); down(p)
elif case == "clitouch":
    time.sleep(23)
    r = subprocess.run([B, "decisions", "list", "--json"], env=env, capture_output=True, text=True); print(f"+{time.time()-t0:4.1f}s CLI decisions list rc", r.returncode)
    time.sleep(2); p = up(); print(f"+{time.time()-t0:4.1f}s serve up"); time.sleep(1); r2_serve(); down(p)
elif case == "sigstop":
    r2_serve(); st, b = H.post(P, agent, "/v1/decisions/1/report", {"outcome": "executed"}); print(f"+{time.time()-t0:4.1f}s r1's late report:", st, str(b)[:120]); down(p)
elif case == "control":
    time.sleep(25); p = up(); print(f"+{time.time()-t0:4.1f}s serve up"); time.sleep(1); r2_serve(); down(p)
ds = json.loads(subprocess.run([B, "decisions", "list", "--all", "--json"], env=env, capture_output=True, text=True).stdout)
print("RESULT", case, "rw permits:", sum(1 for x in ds if x["verdict"] == "permit"), "(limit 1; r1 never got to report while the door was down)")
