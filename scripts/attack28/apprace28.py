"""One approval, released through several request ids at once: the original id re-sent, and new ids carrying
`approval_id` (same content), over /v1/execute, concurrently, 10 rounds. How many connector runs per approval?
usage: apprace28.py [rounds]   needs: agent credential + 1 approver"""
import sys, os, time, json, threading
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
R = int(sys.argv[1]) if len(sys.argv) > 1 else 10
d = fresh("apprace")
t = Target(lambda p, h, b, c: (time.sleep(0.2), ok(c)))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  pay.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/p/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
agent = token(d, "bot", "agent"); appr = token(d, "alice", "approver")
s = Serve(d, pol)
from collections import Counter
answers = Counter()
for k in range(R):
    params = {"order_id": f"ord_{k}"}
    r = call(s.url("/v1/execute"), agent, {"request_id": f"orig{k}", "action": "pay.big", "params": params})
    aid = r[1]["approval_id"]; dig = call(s.url(f"/v1/approvals/{aid}"), appr)[1]["digest"]
    call(s.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": dig})
    bodies = [{"request_id": f"orig{k}", "action": "pay.big", "params": params}] * 3 + \
             [{"request_id": f"new{k}_{j}", "action": "pay.big", "params": params, "approval_id": aid} for j in range(6)]
    def go(b):
        x = call(s.url("/v1/execute"), agent, b)
        answers[(x[0], x[1].get("verdict") if isinstance(x[1], dict) else str(x[1])[:60], x[1].get("ran") if isinstance(x[1], dict) else None)] += 1
    ths = [threading.Thread(target=go, args=(b,)) for b in bodies]
    [x.start() for x in ths]; [x.join() for x in ths]
time.sleep(0.5)
runs = Counter(h[1] for h in t.hits)
print("answers:", dict(answers))
print("runs per approval:", sorted(Counter(runs.values()).items()))
bad = [p for p, n in runs.items() if n > 1]
print("RESULT", "HOLE" if bad else "held", f"{len(bad)} of {R} approvals ran more than once; {len(runs)} ran")
s.kill(signal.SIGTERM); cleanup()
