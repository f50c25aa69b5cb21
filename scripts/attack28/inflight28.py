"""While FourEyes' own connector run is in flight: the agent (and its executor) report it `failed`, or undo it; another
agent reuses the request id (same content, other content). usage: inflight28.py   needs: agent credentials (two agents, an executor)"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("inflight")
t = Target(lambda p, h, b, c: (time.sleep(4), ok(c)))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h, scope: agent }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    compensate: {{ action: shop.refund }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
c = sh(["policy", "check", pol]); print("check", c.returncode, c.stderr.strip()[-200:])
agent = token(d, "bot", "agent"); exe = token(d, "bot-runner", "executor", ["--for", "bot"]); other = token(d, "eve", "agent")
s = Serve(d, pol)
res = {}
body = {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}}
th = threading.Thread(target=lambda: res.update(r1=call(s.url("/v1/execute"), agent, body))); th.start()
time.sleep(1)
print("agent report failed in flight:", call(s.url("/v1/decisions/1/report"), agent, {"outcome": "failed"})[:2])
print("executor report failed in flight:", call(s.url("/v1/decisions/1/report"), exe, {"outcome": "failed"})[:2])
print("agent undo in flight:", str(call(s.url("/v1/decisions/1/undo"), agent, {"request_id": "u1"}))[:200])
r = call(s.url("/v1/execute"), other, body); print("eve, same request id + content, in flight:", r[0], str(r[1])[:200])
th.join()
print("bot r1:", res["r1"][0], res["r1"][1].get("outcome") if isinstance(res["r1"][1], dict) else res["r1"][1])
r = call(s.url("/v1/execute"), other, body); print("eve, same request id + content, after:", r[0], {k: r[1].get(k) for k in ("agent", "decision_id", "replayed", "ran", "report_detail")} if isinstance(r[1], dict) else r[1])
r = call(s.url("/v1/execute"), other, {"request_id": "r9", "action": "shop.refund", "params": {"order_id": "ord_9"}}); print("eve other id:", r[0], r[1].get("verdict") if isinstance(r[1], dict) else r[1])
r = call(s.url("/v1/execute"), agent, {"request_id": "r9", "action": "shop.refund", "params": {"order_id": "ord_8"}}); print("bot reuses eve's id, other content:", r[0], str(r[1])[:160])
print("target hits:", [h[1] for h in t.hits])
s.kill(signal.SIGTERM); cleanup()
