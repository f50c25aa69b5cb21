#!/usr/bin/env python3
"""ADR-840: the anchor's MAC names the store by its journal's first event's hash, so a COPY of a store is the same
store. CASE clone_moved: store V (seal key K) spends 16 x 60 EUR (budget 1000/h) at the right wall clock. A copy of V's
database (no anchor) is opened at another path O by a keyed door whose wall clock reads +2 h (LD_PRELOAD shim on that
one process): it seals an anchor (O, V's first hash, +2 h). V's live database is then moved into O's place (O's files
replaced; O's anchor kept), and right-clock doors decide at O. CASE clone_dirlink: the same, but V stays put: V's
directory is replaced by a symlink to O's directory holding V's live files and O's anchor.
CASE control_moved: O is a different store (attack 20's `moved`, held).
RESULT: EUR permitted on V's history against 1000/h (960 = held; more = the clone's anchor believed).
usage: FOUREYES_BIN=… python3 clone22.py CASE"""
import json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
SHIM = os.environ.get("SHIM", "/tmp/attack22-run/shim.so")
case = sys.argv[1]
R = f"/tmp/attack22-clone/{case}"; shutil.rmtree(R, ignore_errors=True); os.makedirs(f"{R}/v"); os.makedirs(f"{R}/o")
K = f"{R}/keys"; subprocess.run([L.B, "journal", "keygen", "--out", K], capture_output=True)
def run(args, db, extra=None):
    e = dict(os.environ, FOUREYES_DB=db, FOUREYES_POLICY=L.POL, FOUREYES_SEAL_KEY=f"{K}/seal.key"); e.pop("FOUREYES_NAMESPACE", None); e.update(extra or {})
    return subprocess.run([L.B] + args, env=e, capture_output=True, text=True)
spend = lambda db, rid, extra=None: run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", rid, "--json"], db, extra)
ahead = {"LD_PRELOAD": SHIM, "SHIM_OFFSET": "7200"}
V = f"{R}/v/t.db"; O = f"{R}/o/t.db"
run(["token", "create", "--name", "bot", "--role", "agent"], V)
for i in range(16): spend(V, f"s{i}")
print("V anchor:", open(f"{V}.clock").read().strip()[:100])
if case.startswith("clone"):
    shutil.copy(V, O)                      # a copy of V's history (e.g. a backup restored for a check), no anchor
else:
    run(["token", "create", "--name", "bot", "--role", "agent"], O)   # another store
r = spend(O, "o1", ahead)
print("door +2h on O:", r.returncode, (r.stdout and json.loads(r.stdout).get("verdict")), "O anchor:", open(f"{O}.clock").read().strip()[:100])
if case in ("clone_moved", "control_moved"):
    for f in os.listdir(f"{R}/o"):
        if f != "t.db.clock": os.remove(f"{R}/o/{f}")
    for f in os.listdir(f"{R}/v"):
        if f != "t.db.clock": shutil.move(f"{R}/v/{f}", f"{R}/o/{f}")
    T = O
elif case == "clone_dirlink":
    for f in os.listdir(f"{R}/o"):
        if f != "t.db.clock": os.remove(f"{R}/o/{f}")
    for f in os.listdir(f"{R}/v"):
        if f != "t.db.clock": shutil.move(f"{R}/v/{f}", f"{R}/o/{f}")
    shutil.rmtree(f"{R}/v"); os.symlink(f"{R}/o", f"{R}/v"); T = V
for i in range(3):
    r = spend(T, f"r{i}")
    try: j = json.loads(r.stdout); print(f"  right-clock door: {j['verdict']} consumed {j['budgets'][0]['consumed']} door time - real {j['decided_at_ms']/1000 - time.time():.0f}s")
    except Exception: print("  right-clock door:", r.returncode, (r.stdout + r.stderr).strip()[-200:])
    notes = [l for l in r.stderr.splitlines() if "anchor" in l.lower()]
    if notes: print("    note:", notes[0][:220])
ds = json.loads(run(["decisions", "list", "--all", "--json"], T).stdout or "[]")
tot = sum(float(x["params"]["amount_eur"]) for x in ds if x["verdict"] == "permit" and x["action"] == "spend" and x["request_id"] != "o1")
v = run(["journal", "verify"], T); a = run(["journal", "audit"], T)
print(f"RESULT {case}: {'HOLE' if tot > 1000 else 'held'} V's budget: {tot:.0f} EUR permitted against 1000/h; verify {v.returncode} audit {a.returncode}")
