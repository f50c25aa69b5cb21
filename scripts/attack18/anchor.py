#!/usr/bin/env python3
# Attacks on the clock anchor DB.clock (boot_id uptime_ms now_ms). CLI only.
# Setup at the right clock: 16x60 spend (960/1000 per 1h), pay p1 deferred (ttl 10 s), thermo t1 permitted and
# reported executed (undo window 2 s; the newest event). Wait WAIT s with nothing written, then MODIFY the anchor,
# then run CLI doors with clock offset OFF: undo t1, approve p1, re-send p1, spend 60 x3; then 3 right-clock spends.
import sys, os, shutil, json, time, subprocess
B = os.path.abspath(os.environ.get("FOUREYES_BIN", "target/debug/foureyes")); SHIM = os.environ.get("SHIM", "/tmp/attack18/shim.so")
case, off = sys.argv[1], sys.argv[2]; WAIT = float(sys.argv[3]) if len(sys.argv) > 3 else 12
d = f"/tmp/attack18-runs/anchor_{case}_{off}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.yaml"))
def run(args, e=env):
    r = subprocess.run([B] + args, env=e, capture_output=True, text=True); return r
for i in range(16): run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"s{i}"])
p1 = json.loads(run(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p1", "--json"]).stdout)
run(["decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "t1"])
tid = 18; run(["report", str(tid), "--outcome", "executed", "--detail", '{"before":{"celsius":19}}'])
time.sleep(WAIT)
A = f"{d}/t.db.clock"; bid, up, now = open(A).read().split()
nowms = int(time.time() * 1000)
if case == "delete": os.remove(A)
elif case == "later": open(A, "w").write(f"{bid} {up} {nowms + 7200000}\n")
elif case == "earlier": open(A, "w").write(f"{bid} {up} {nowms - 3600000}\n")
elif case == "otherboot": open(A, "w").write(f"00000000-1111-2222-3333-444444444444 {up} {now}\n")
elif case == "otherboot_later": open(A, "w").write(f"00000000-1111-2222-3333-444444444444 {up} {nowms + 7200000}\n")
elif case == "uptime_future": open(A, "w").write(f"{bid} {int(up) + 3600000} {now}\n")
elif case == "empty": open(A, "w").write("")
elif case == "half": open(A, "w").write(f"{bid} {up} {now}"[:30])
elif case == "garbage": open(A, "w").write("x y z\n")
elif case == "dir": os.remove(A); os.mkdir(A)
elif case == "none": pass
print(f"case {case}, offset {off}, after {WAIT}s: anchor now {open(A).read().strip() if os.path.isfile(A) else '(no file)'}")
e2 = dict(env, LD_PRELOAD=SHIM, SHIM_OFFSET=off)
def show(tag, r):
    msg = [l for l in (r.stdout + r.stderr).splitlines() if l.strip() and not l.startswith("warning")]
    v = ""
    try: j = json.loads(r.stdout); v = f"{j.get('verdict')} consumed={j.get('budgets', [{}])[0].get('consumed') if j.get('budgets') else ''} at-real={j.get('decided_at_ms', 0)/1000 - time.time():.1f}s {[x['code'] for x in j.get('reasons', [])]}"
    except Exception: v = " | ".join(msg)[:220]
    print(f"  {tag}: rc={r.returncode} {v}")
    n = [l for l in msg if l.startswith("note")]
    if n: print("     ", n[0][:150])
show("undo t1 (window closed ~WAIT s ago)", run(["undo", str(tid), "--agent", "bot", "--json"], e2))
show("approve p1 (expired)", run(["approvals", "approve", str(p1["approval_id"]), "--as", "alice", "--digest", p1["digest"]], e2))
show("re-send p1", run(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p1", "--json"], e2))
for i in range(3): show(f"spend 60 #{i}", run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"x{i}", "--json"], e2))
print("  anchor after:", open(A).read().strip() if os.path.isfile(A) else "(none)", " real now", int(time.time() * 1000))
for i in range(3): show(f"RIGHT-clock spend 60 #{i}", run(["decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"r{i}", "--json"]))
ds = json.loads(run(["decisions", "list", "--all", "--json"]).stdout)
print("  TOTAL spend permitted:", sum(float(x["params"]["amount_eur"]) for x in ds if x["verdict"] == "permit" and x["action"] == "spend"),
      "| undo permits:", sum(1 for x in ds if x["verdict"] == "permit" and x.get("undo_of")),
      "| pay permits:", sum(1 for x in ds if x["verdict"] == "permit" and x["action"] == "pay"),
      "| audit rc", run(["journal", "audit"]).returncode)
