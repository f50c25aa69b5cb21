"""serve killed -9 while its connector run is in flight (target got the request); restart; after report_within
(+ the outage) a new execute: is the started run's reservation released? usage: crashrun28.py [report_within_s]
needs: agent credential; process lifecycle (kill -9)"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
SIG = getattr(signal, os.environ.get("SIG", "SIGKILL"))
rw = float(sys.argv[1]) if len(sys.argv) > 1 else 3
d = fresh("crashrun")
def beh(path, head, body, c):
    if "ord_1" in path: time.sleep(12)
    ok(c)
t = Target(beh)
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
defaults:
  report_within: {int(rw)}s
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params:
      order_id: {{ type: string, pattern: "^ord_[0-9]+$" }}
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:{t.port}/api/orders/{{{{ params.order_id }}}}/refunds"
        success: {{ status: [200, 201] }}
        timeout: 2s
""")
agent = token(d, "bot", "agent")
s = Serve(d, pol)
th = threading.Thread(target=call, args=(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}}), daemon=True); th.start()
for _ in range(100):
    if t.hits: break
    time.sleep(0.05)
time.sleep(0.3)
s.kill(SIG)
t0 = time.time()
time.sleep(1)
s2 = Serve(d, pol, port=s.port)
outage = time.time() - t0
print("restarted after", round(outage, 1), "s")
_u = sh(["unconfirmed", "--db", d + "/fe.db", "--policy", pol]); print("unconfirmed rc", _u.returncode, (_u.stdout + _u.stderr)[-300:])
time.sleep(rw + outage + 2)
r2 = call(s2.url("/v1/execute"), agent, {"request_id": "r2", "action": "shop.refund", "params": {"order_id": "ord_2"}})
o = r2[1] if isinstance(r2[1], dict) else {}
print("r2:", r2[0], o.get("verdict"), o.get("outcome"), [x["code"] for x in o.get("reasons", [])])
g = call(s2.url("/v1/decisions/1"), agent)
print("decision 1:", g[0], g[1].get("status") if isinstance(g[1], dict) else g[1], [x["code"] for x in g[1].get("reasons", [])] if isinstance(g[1], dict) else "")
print("target hits:", [h[1] for h in t.hits])
print("RESULT", "HOLE" if len(t.hits) >= 2 else "held", f"{len(t.hits)} runs reached the target against count 1")
s2.kill(signal.SIGTERM); cleanup()
