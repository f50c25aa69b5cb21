#!/usr/bin/env python3
import os
# Attack 18 case 14 re-run: two serve replicas on one PostgreSQL; replica B's wall clock runs RATE x fast (100 ms steps,
# through the shim's offset file). Budget 1000 EUR per 1 MINUTE; 16x60 spent at t0 via A. Every second B (and A) are
# asked for 60 more, for 45 s. Also a replica started 2 h ahead. Permits within 45 real seconds are counted.
import sys, os, time, json, subprocess, signal
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attack18")); import harness as H
B = H.B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes"); rate = float(sys.argv[1]) if len(sys.argv) > 1 else 1.9
d = "/tmp/attack19-pgdrift"; subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chdir(d)
dbn = f"fe_drift_{int(time.time())}"
subprocess.run(["su", "postgres", "-c", f"psql -q -h 127.0.0.1 -p 5461 -c 'create database {dbn}'"], check=True)
env = dict(os.environ, FOUREYES_DB=f"postgres://postgres@127.0.0.1:5461/{dbn}", FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_1m.yaml"))
agent = H.token(env, "bot", "agent"); OFF = f"{d}/offset"; open(OFF, "w").write("0")
a = H.start(env, 18851, log="a.log"); b = H.start(env, 18852, {"LD_PRELOAD": "/tmp/attack19-run/shim.so", "SHIM_OFFSET_FILE": OFF}, log="b.log")
c = H.start(env, 18853, {"LD_PRELOAD": "/tmp/attack19-run/shim.so", "SHIM_OFFSET": "7200"}, log="c.log")
t0 = time.time(); permits = 0
for i in range(16):
    st, r = H.post(18851, agent, "/v1/decide", {"request_id": f"b{i}", "action": "spend", "params": {"amount_eur": 60}}); permits += r.get("verdict") == "permit"
off = 0.0; i = 0
while time.time() - t0 < 45:
    off += (rate - 1) * 0.1; open(OFF, "w").write(f"{off:.3f}"); time.sleep(0.1); i += 1
    if i % 10 == 0:
        for port in (18852, 18853, 18851):
            st, r = H.post(port, agent, "/v1/decide", {"request_id": f"x{i}-{port}", "action": "spend", "params": {"amount_eur": 60}})
            if isinstance(r, dict) and r.get("verdict") == "permit": permits += 1; print(f"  +{time.time()-t0:4.1f}s PERMIT via {port}, its time - real {r['decided_at_ms']/1000 - time.time():.1f}s", flush=True)
        if i % 100 == 0: print(f"  +{time.time()-t0:4.1f}s B's wall offset {off:.1f}s; last answer via B: {r.get('verdict') if isinstance(r, dict) else r}", flush=True)
el = time.time() - t0
for p in (a, b, c): p.send_signal(signal.SIGTERM)
for p in (a, b, c): p.wait()
ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout)
print(f"RESULT rate {rate}: permitted {60*sum(1 for x in ds if x['verdict']=='permit')} EUR within {el:.1f} real s (budget 1000/min); B's wall clock ended {off:.1f}s ahead")
