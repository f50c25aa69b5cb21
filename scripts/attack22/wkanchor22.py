#!/usr/bin/env python3
"""A door given the wrong seal key REFUSES the store, but on its way out it rewrites the clock anchor, sealed under
its wrong key. The right-key doors then do not believe the anchor (ADR-367): its served mark and outage list are gone,
so ADR-365's outage no longer puts off a reporting deadline. Policy: rw, count 1 per day, report_within 20 s.
r1 permitted via serve; serve stopped 25 s (the agent cannot report); CASE wrongkey: during the outage an operator
runs one `foureyes decide` with a wrong key file (refused, exit 7); CASE control: nothing. serve restarts (right key);
r2 via serve. RESULT: permits against the limit of 1 (1 = held).
usage: FOUREYES_BIN=… python3 wkanchor22.py wrongkey|nokey|nokey_list|wrongkey_verify|wrongkey_list|control"""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
case = sys.argv[1]; P = 18976
os.environ["POL"] = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_rw22.yaml"); L.POL = os.environ["POL"]
d, env = L.fresh("wkanchor-" + case)
subprocess.run([L.B, "journal", "keygen", "--out", f"{d}/wrong"], capture_output=True)
agent = L.token(env, "bot", "agent")
p = L.start(env, P, f"{d}/serve.log"); t0 = time.time()
st, b = L.post(P, agent, "/v1/decide", {"request_id": "r1", "action": "rw"}); print(f"+{time.time()-t0:4.1f}s r1: {st} {b.get('verdict')}")
time.sleep(1); L.stop(p); print(f"+{time.time()-t0:4.1f}s serve down; anchor: {open(d + '/t.db.clock').read().strip()[:90]}")
time.sleep(5)
CMD = {"wrongkey": (["decide", "--agent", "bot", "--action", "rw", "--request-id", "x"], "wrong"),
       "nokey": (["decide", "--agent", "bot", "--action", "rw", "--request-id", "x"], None),
       "nokey_list": (["decisions", "list", "--json"], None),
       "wrongkey_verify": (["journal", "verify"], "wrong"),
       "wrongkey_list": (["decisions", "list", "--json"], "wrong")}
if case in CMD:
    args, k = CMD[case]; e = dict(env)
    if k: e["FOUREYES_SEAL_KEY"] = f"{d}/wrong/seal.key"
    else: e.pop("FOUREYES_SEAL_KEY", None)
    r = L.sh(args, e)
    print(f"+{time.time()-t0:4.1f}s {case} {' '.join(args[:2])}: rc {r.returncode} ({(r.stderr.strip().splitlines() or [''])[-1][:110]})")
    print(f"      anchor now: {open(d + '/t.db.clock').read().strip()[:90]}")
while time.time() - t0 < 26: time.sleep(0.5)
p = L.start(env, P, f"{d}/serve2.log"); print(f"+{time.time()-t0:4.1f}s serve up (right key)"); time.sleep(1.5)
st, b = L.post(P, agent, "/v1/decide", {"request_id": "r2", "action": "rw"})
print(f"+{time.time()-t0:4.1f}s r2: {st} {b.get('verdict')} {[r['code'] for r in b.get('reasons', [])]}")
L.stop(p)
notes = [l for l in open(d + "/serve2.log").read().splitlines() if "anchor" in l or "outage" in l.lower()]
if notes: print("      serve note:", notes[0][:220])
import json
ds = json.loads(L.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
n = sum(1 for x in ds if x["action"] == "rw" and x["verdict"] == "permit")
print(f"RESULT {case}: {'HOLE' if n > 1 else 'held'} {n} permits against count 1 per day")
