"""`serve --request-timeout 2s` while a connector run takes 5 s: is the run cut off mid-way (its future dropped),
leaving a decision that is never reported although the target acted? usage: reqtimeout28.py   needs: agent credential;
a slow target"""
import sys, os, time, json, threading
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("reqtimeout")
t = Target(lambda p, h, b, c: (time.sleep(5), ok(c)))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 5, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
agent = token(d, "bot", "agent")
s = Serve(d, pol, ["--request-timeout", "2s"])
t0 = time.time()
r = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
print(f"answer after {time.time() - t0:.1f}s:", r[0], str(r[1])[:250])
time.sleep(6)
r2 = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
o = r2[1] if isinstance(r2[1], dict) else {}
print("retry after 6 s:", r2[0], o.get("status"), o.get("outcome"), o.get("replayed"), o.get("ran"))
u = sh(["unconfirmed", "--db", d + "/fe.db", "--policy", pol]); print("unconfirmed:", u.returncode, u.stdout.strip()[:300])
print("target hits:", len(t.hits))
print("RESULT", "HOLE" if o.get("status") == "intended" and t.hits else "held")
s.kill(signal.SIGTERM); cleanup()
