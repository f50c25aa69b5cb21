#!/usr/bin/env python3
import os
# ADR-367 attacks on the SEALED clock anchor DB.clock, CLI doors holding the seal key (the attacker never reads it).
# Setup at the right clock: 16x60 spend (960/1000 per 1h), pay p1 deferred (approval ttl 10 s), thermo t1 permitted and
# reported executed (undo window 2 s; newest event). Wait WAIT s. MODIFY the anchor; then doors with wall-clock offset OFF
# ("back" = the wall clock set to 0.5 s after the journal's newest event): undo t1, approve p1, re-send p1, spend 60 x3;
# then 3 right-clock spends. Usage: anchor19.py CASE OFF [WAIT]
import sys, os, shutil, json, time, subprocess
B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes"); SHIM = "/tmp/attack19-run/shim.so"; HERE = os.path.dirname(os.path.abspath(__file__))
case, off = sys.argv[1], sys.argv[2]; WAIT = float(sys.argv[3]) if len(sys.argv) > 3 else 12
d = f"/tmp/attack19-anchor/{case}_{off}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
K = "/tmp/attack19-anchor/keys"
if not os.path.isdir(K): subprocess.run([B, "journal", "keygen", "--out", K], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=f"{HERE}/policy.yaml", FOUREYES_SEAL_KEY=f"{K}/seal.key")
def run(args, e=env): return subprocess.run([B] + args, env=e, capture_output=True, text=True)
A = f"{d}/t.db.clock"
run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", "s0"])
first = open(A).read()
for i in range(1, 16): run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"s{i}"])
p1 = json.loads(run(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p1", "--json"]).stdout)
t1 = json.loads(run(["decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "t1", "--json"]).stdout)
tid = t1["decision_id"]; run(["report", str(tid), "--outcome", "executed", "--detail", '{"before":{"celsius":19}}'])
t_newest = time.time()
time.sleep(WAIT)
print("anchor before:", open(A).read().strip()[:120])
if off == "back": offv = f"{t_newest + 0.5 - time.time():.3f}"
else: offv = off
if case == "delete": os.remove(A)
elif case == "replay_first": open(A, "w").write(first)
elif case == "edit_time":
    f = open(A).read().split(); f[2] = str(int(f[2]) + 3600000); open(A, "w").write(" ".join(f) + "\n")
elif case == "drop_mac":
    f = open(A).read().split(); open(A, "w").write(" ".join(f[:3]) + "\n")
elif case.startswith("other_store"):
    # another store under the SAME key, whose first door read a wall clock shifted by offv; copy its sealed anchor here
    d2 = f"{d}/other"; os.makedirs(d2); e2 = dict(env, FOUREYES_DB=f"{d2}/o.db", LD_PRELOAD=SHIM, SHIM_OFFSET=offv)
    r = run(["decide", "--agent", "x", "--action", "spend", "--params", '{"amount_eur":1}', "--request-id", "o1"], e2)
    shutil.copy(f"{d2}/o.db.clock", A); offv = "0"   # the doors below run at the RIGHT wall clock
elif case == "none": pass
print(f"case {case}, door offset {offv}s, after {WAIT}s: anchor now {open(A).read().strip()[:120] if os.path.isfile(A) else '(no file)'}")
e2 = dict(env, LD_PRELOAD=SHIM, SHIM_OFFSET=offv)
def show(tag, r):
    msg = [l for l in (r.stdout + r.stderr).splitlines() if l.strip() and not l.startswith("warning")]
    try: j = json.loads(r.stdout); v = f"{j.get('verdict')} consumed={j.get('budgets', [{}])[0].get('consumed') if j.get('budgets') else ''} at-real={j.get('decided_at_ms', 0)/1000 - time.time():.1f}s {[x['code'] for x in j.get('reasons', [])]}"
    except Exception: v = " | ".join(msg)[:220]
    print(f"  {tag}: rc={r.returncode} {v}")
    n = [l for l in msg if l.startswith("note")]
    if n: print("     ", n[0][:200])
show("undo t1 (window closed)", run(["undo", str(tid), "--agent", "bot", "--json"], e2))
show("approve p1 (expired)", run(["approvals", "approve", str(p1["approval_id"]), "--as", "alice", "--digest", p1["digest"]], e2))
show("re-send p1", run(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p1", "--json"], e2))
for i in range(3): show(f"spend 60 #{i}", run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"x{i}", "--json"], e2))
print("  anchor after:", open(A).read().strip()[:120] if os.path.isfile(A) else "(none)", " real now", int(time.time() * 1000))
for i in range(3): show(f"RIGHT-clock spend 60 #{i}", run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"r{i}", "--json"]))
ds = json.loads(run(["decisions", "list", "--all", "--json"]).stdout)
print("  RESULT", case, off, "spend permitted:", sum(float(x["params"]["amount_eur"]) for x in ds if x["verdict"] == "permit" and x["action"] == "spend"),
      "/1000 | undo permits:", sum(1 for x in ds if x["verdict"] == "permit" and x.get("undo_of")),
      "| pay permits:", sum(1 for x in ds if x["verdict"] == "permit" and x["action"] == "pay"),
      "| verify rc", run(["journal", "verify"]).returncode, "| audit rc", run(["journal", "audit"]).returncode)
