"""serve SIGTERMed while a long connector run (target 40 s, timeout 60 s) is in flight: does the stop wait, or leave
the run unreported ("may have acted"), which then loses its reservation at report_within (hole #2 with a clean stop)?
usage: stoplong28.py   needs: the process lifecycle (an ordinary stop/deploy); agent"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("stoplong")
t = Target(lambda p, h, b, c: (time.sleep(40) if "ord_1" in p else None, ok(c)))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
defaults:
  report_within: 3s
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 60s }}
""")
agent = token(d, "bot", "agent"); s = Serve(d, pol)
th = threading.Thread(target=call, args=(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}}), kwargs={"timeout": 90}, daemon=True); th.start()
while not t.hits: time.sleep(0.05)
time.sleep(0.5)
t0 = time.time(); s.p.send_signal(signal.SIGTERM)
try: s.p.wait(timeout=70)
except Exception: print("serve did not stop in 70 s"); s.p.kill(); s.p.wait()
print(f"serve stopped {time.time() - t0:.1f} s after SIGTERM, rc {s.p.returncode}")
print(open(s.log.name).read()[-400:])
s2 = Serve(d, pol, port=s.port)
u = sh(["unconfirmed", "--db", d + "/fe.db", "--policy", pol]); print("unconfirmed:", u.returncode, u.stdout.strip()[:200])
time.sleep(5)
r2 = call(s2.url("/v1/execute"), agent, {"request_id": "r2", "action": "shop.refund", "params": {"order_id": "ord_2"}})
o = r2[1] if isinstance(r2[1], dict) else {}
print("r2:", o.get("verdict"), o.get("outcome"), "| target hits:", [h[1] for h in t.hits])
print("RESULT", "HOLE" if len(t.hits) >= 2 else "held", f"{len(t.hits)} runs vs count 1")
s2.kill(signal.SIGTERM); cleanup()
