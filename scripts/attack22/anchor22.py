#!/usr/bin/env python3
"""ADR-840, the brief's cases: two stores A and B under one seal key (B's first door read a wall clock +2 h, so its line
is 2 h ahead; A's is right). Each case moves files, then 3 right-clock CLI doors spend 60 EUR on A's history (16 x 60
already spent within the hour, budget 1000/h). RESULT: EUR permitted on A's history (960 = held) and the doors' note.
CASE swap_dbs: A's and B's databases swapped (anchors stay).  swap_anchors: the anchor files swapped.
old_anchor: A's anchor from before its last 8 spends put back.  old_db_new_anchor: A's database from before its last
8 spends put back under A's newer anchor (a rollback: ARCHITECTURE's threat model, witness needed).
usage: FOUREYES_BIN=… python3 anchor22.py CASE"""
import json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
SHIM = os.environ.get("SHIM", "/tmp/attack22-run/shim.so"); case = sys.argv[1]
R = f"/tmp/attack22-anchor/{case}"; shutil.rmtree(R, ignore_errors=True); os.makedirs(f"{R}/a"); os.makedirs(f"{R}/b")
K = f"{R}/keys"; subprocess.run([L.B, "journal", "keygen", "--out", K], capture_output=True)
def run(args, db, extra=None):
    e = dict(os.environ, FOUREYES_DB=db, FOUREYES_POLICY=L.POL, FOUREYES_SEAL_KEY=f"{K}/seal.key"); e.update(extra or {})
    return subprocess.run([L.B] + args, env=e, capture_output=True, text=True)
spend = lambda db, rid, extra=None: run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", rid, "--json"], db, extra)
ahead = {"LD_PRELOAD": SHIM, "SHIM_OFFSET": "7200"}
A = f"{R}/a/t.db"; Bd = f"{R}/b/t.db"
run(["token", "create", "--name", "bot", "--role", "agent"], A); run(["token", "create", "--name", "bot", "--role", "agent"], Bd, ahead)
spend(Bd, "b1", ahead)
for i in range(8): spend(A, f"s{i}")
shutil.copy(f"{A}.clock", f"{R}/a_old.clock"); shutil.copy(A, f"{R}/a_old.db")
for i in range(8, 16): spend(A, f"s{i}")
T = A
def mv(src, dst): shutil.move(src, dst)
if case == "swap_dbs":
    mv(A, f"{R}/tmp.db"); mv(Bd, A); mv(f"{R}/tmp.db", Bd); T = Bd    # A's history now lives at b/, under B's (+2 h) anchor
elif case == "swap_anchors":
    mv(f"{A}.clock", f"{R}/tmp.clock"); mv(f"{Bd}.clock", f"{A}.clock"); mv(f"{R}/tmp.clock", f"{Bd}.clock")
elif case == "old_anchor":
    shutil.copy(f"{R}/a_old.clock", f"{A}.clock")
elif case == "old_db_new_anchor":
    shutil.copy(f"{R}/a_old.db", A)
for i in range(3):
    r = spend(T, f"r{i}")
    try: j = json.loads(r.stdout); print(f"  right-clock door: {j['verdict']} consumed {j['budgets'][0]['consumed']} door time - real {j['decided_at_ms']/1000 - time.time():.0f}s")
    except Exception: print("  right-clock door:", r.returncode, (r.stdout + r.stderr).strip()[-200:])
    notes = [l for l in r.stderr.splitlines() if "anchor" in l.lower() or "clock" in l.lower()]
    if notes: print("    note:", notes[0][:220])
ds = json.loads(run(["decisions", "list", "--all", "--json"], T).stdout or "[]")
tot = sum(float(x["params"]["amount_eur"]) for x in ds if x["verdict"] == "permit" and x["action"] == "spend" and x["request_id"].startswith(("s", "r")))
print(f"RESULT {case}: {'HOLE' if tot > 1000 else 'held'} {tot:.0f} EUR permitted on A's history against 1000/h (rows present: {sum(1 for x in ds if x['action']=='spend')})")
