#!/usr/bin/env python3
"""F76 (ADR-367: the sealed clock anchor's MAC binds the anchor file's resolved path): variants of attack 19's R2.
usage: FOUREYES_BIN=... python3 anchor20.py CASE   (CASE: copy | symlink | hardlink | samepath | samepath_ns | dirlink | moved)
Victim store V (seal key K): 16 x 60 EUR spent at the right wall clock (budget 1000/h). Another store O under the same
key K, whose first door read a wall clock +2 h (LD_PRELOAD shim on that process only), leaves a sealed anchor.
The attacker (no key) puts O's anchor where V's door reads it, per CASE; then 3 right-clock CLI doors on V spend 60.
RESULT: EUR permitted on V against 1000/h (960 = held, 1140+ = the other store's time believed)."""
import json, os, shutil, subprocess, sys, time
B = os.environ.get("FOUREYES_BIN", "/work/attack20/bin/foureyes"); SHIM = os.environ.get("SHIM", "/tmp/attack20-run/shim.so")
HERE = os.path.dirname(os.path.abspath(__file__)); case = sys.argv[1]
R = f"/tmp/attack20-anchor/{case}"; shutil.rmtree(R, ignore_errors=True); os.makedirs(R)
K = "/tmp/attack20-anchor/keys"
if not os.path.isdir(K): subprocess.run([B, "journal", "keygen", "--out", K], capture_output=True)
def run(args, db, extra=None, ns=None, cwd=None):
    e = dict(os.environ, FOUREYES_DB=db, FOUREYES_POLICY=f"{HERE}/policy.yaml", FOUREYES_SEAL_KEY=f"{K}/seal.key"); e.update(extra or {})
    return subprocess.run([B] + (["--namespace", ns] if ns else []) + args, env=e, capture_output=True, text=True, cwd=cwd)
spend = lambda db, rid, extra=None, ns=None, cwd=None: run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", rid, "--json"], db, extra, ns, cwd)
ahead = {"LD_PRELOAD": SHIM, "SHIM_OFFSET": "7200"}
os.makedirs(f"{R}/v"); os.makedirs(f"{R}/o"); V = f"{R}/v/t.db"
if case in ("samepath", "samepath_ns"):
    # O lived first at the very path V lives at now (a store dropped and created again, a namespace re-created)
    if case == "samepath":
        spend(V, "o1", ahead); shutil.copy(f"{V}.clock", f"{R}/saved.clock")
        for f in os.listdir(f"{R}/v"): os.remove(f"{R}/v/{f}")
    else:
        M = f"{R}/v/foureyes.db"; spend(M, "o1", ahead, ns="team-b"); shutil.copy(f"{R}/v/foureyes.ns-team-b.db.clock", f"{R}/saved.clock")
        for f in os.listdir(f"{R}/v"):
            if "team-b" in f: os.remove(f"{R}/v/{f}")
        V = f"{R}/v/foureyes.ns-team-b.db"
for i in range(16):
    r = spend(V, f"s{i}") if case != "samepath_ns" else spend(f"{R}/v/foureyes.db", f"s{i}", ns="team-b")
A = f"{V}.clock"; print("V anchor:", open(A).read().strip()[:90])
if case in ("copy", "symlink", "hardlink", "moved"):
    O = f"{R}/o/t.db"; spend(O, "o1", ahead)
    if case == "copy": shutil.copy(f"{O}.clock", A)
    elif case == "symlink": os.remove(A); os.symlink(f"{O}.clock", A)
    elif case == "hardlink": os.remove(A); os.link(f"{O}.clock", A)
    elif case == "moved":
        # V is moved into the directory where O ran, under O's file name; O's anchor stays there
        for f in os.listdir(f"{R}/o"):
            if f != "t.db.clock": os.remove(f"{R}/o/{f}")
        for f in os.listdir(f"{R}/v"):
            if f != "t.db.clock": shutil.move(f"{R}/v/{f}", f"{R}/o/{f}")
        V = O; A = f"{O}.clock"
elif case in ("samepath", "samepath_ns"):
    os.remove(A); shutil.copy(f"{R}/saved.clock", A)
elif case == "dirlink":
    # O's first door ran through a symlinked directory name that is V's directory... then O moved away
    os.symlink(f"{R}/o", f"{R}/olink"); O = f"{R}/olink/t.db"; spend(O, "o1", ahead); shutil.copy(f"{R}/o/t.db.clock", A)
print("case", case, "anchor V reads now:", (os.readlink(A) + " -> ") if os.path.islink(A) else "", open(A).read().strip()[:90])
for i in range(3):
    r = spend(V, f"r{i}") if case != "samepath_ns" else spend(f"{R}/v/foureyes.db", f"r{i}", ns="team-b")
    try: j = json.loads(r.stdout); print(f"  right-clock door on V: {j['verdict']} consumed {j['budgets'][0]['consumed']} time-real {j['decided_at_ms']/1000 - time.time():.0f}s")
    except Exception: print("  right-clock door on V:", r.returncode, (r.stdout + r.stderr).strip()[-200:])
    notes = [l for l in r.stderr.splitlines() if "anchor" in l.lower()]
    if notes: print("    note:", notes[0][:200])
r = run(["decisions", "list", "--all", "--json"], V) if case != "samepath_ns" else run(["decisions", "list", "--all", "--json"], f"{R}/v/foureyes.db", ns="team-b")
ds = json.loads(r.stdout or "[]")
print("RESULT", case, "V spend permitted:", sum(float(x["params"]["amount_eur"]) for x in ds if x["verdict"] == "permit" and x["action"] == "spend"), "EUR against 1000/h")
