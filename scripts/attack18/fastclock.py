#!/usr/bin/env python3
# A wall clock running RATE x fast (small forward steps every 100 ms, no single step) inside serve.
# Budget 1000 EUR per 1 MINUTE. 16x60 spent at real t0. Does serve free the budget before 60 real seconds,
# and does a CLI at the RIGHT clock afterwards adopt serve's fast time from the anchor?
import sys, os, shutil, signal, json, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); from harness import *
rate = float(sys.argv[1]) if len(sys.argv) > 1 else 1.9
d = "/tmp/attack18-runs/fastclock"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
OFF = f"{d}/offset"; open(OFF, "w").write("0")
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_1m.yaml"))
agent = token(env, "bot", "agent")
p = start(env, 18781, {"LD_PRELOAD": SHIM, "SHIM_OFFSET_FILE": OFF})
t0 = time.time(); permits = []
for i in range(16):
    st, b = post(18781, agent, "/v1/decide", {"request_id": f"b{i}", "action": "spend", "params": {"amount_eur": 60}})
    if b.get("verdict") == "permit": permits.append((round(time.time() - t0, 1), 60))
off = 0.0; i = 0
while time.time() - t0 < 45:
    off += (rate - 1) * 0.1; open(OFF, "w").write(f"{off:.3f}"); time.sleep(0.1); i += 1
    if i % 10 == 0:
        st, b = post(18781, agent, "/v1/decide", {"request_id": f"x{i}", "action": "spend", "params": {"amount_eur": 60}})
        if b.get("verdict") == "permit": permits.append((round(time.time() - t0, 1), 60))
        print(f"real +{time.time()-t0:5.1f}s serve time - real = {b['decided_at_ms']/1000 - time.time():6.1f}s {b['verdict']} consumed {b['budgets'][0]['consumed']}", flush=True)
p.send_signal(signal.SIGKILL); p.wait()
print("permitted within", round(time.time() - t0, 1), "real seconds:", sum(x[1] for x in permits), "EUR (budget 1000 per 1 min)")
for k in range(3):
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", "spend", "--params", '{"amount_eur":60}', "--request-id", f"cli{k}", "--json"], env=env, capture_output=True, text=True)
    j = json.loads(r.stdout); print("right-clock CLI:", j["verdict"], "consumed", j["budgets"][0]["consumed"], "time - real = %.1fs" % (j["decided_at_ms"] / 1000 - time.time()), r.stderr.strip().splitlines()[-1][:110] if r.stderr.strip() else "")
ds = json.loads(sh(["decisions", "list", "--all", "--json"], env).stdout)
pt = sorted(x["decided_at_ms"] for x in ds if x["verdict"] == "permit")
print("all permits:", len(pt), "total EUR", 60 * len(pt), "recorded span", (pt[-1] - pt[0]) / 1000, "s; real span", round(time.time() - t0, 1), "s")
