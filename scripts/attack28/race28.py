"""Races on one request id: N concurrent POST /v1/execute (a permit), then a deferred execute action approved by two
people and released by N concurrent retries mixed with /v1/decide releases and a CLI `execute`.
usage: race28.py [n]   needs: agent credential; two approver credentials (the people)"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
d = fresh("race")
def beh(path, head, body, c):
    time.sleep(0.3); ok(c)
t = Target(beh)
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 100, per: 1h }}]
    params:
      order_id: {{ type: string, pattern: "^ord_[0-9]+$" }}
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:{t.port}/api/orders/{{{{ params.order_id }}}}/refunds"
        success: {{ status: [200, 201] }}
        timeout: 10s
  pay.big:
    tier: 3
    approvals: {{ required: 2, ttl: 1h }}
    params:
      order_id: {{ type: string, pattern: "^ord_[0-9]+$" }}
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:{t.port}/pay/{{{{ params.order_id }}}}"
        success: {{ status: [200, 201] }}
        timeout: 10s
""")
agent = token(d, "bot", "agent")
a1 = token(d, "alice", "approver"); a2 = token(d, "bob", "approver")
s = Serve(d, pol)
res = []
def ex(body, path="/v1/execute"): res.append((path, call(s.url(path), agent, body)))
body = {"request_id": "same-1", "action": "shop.refund", "params": {"order_id": "ord_1"}}
ths = [threading.Thread(target=ex, args=(body,)) for _ in range(n)]
[x.start() for x in ths]; [x.join() for x in ths]
ran = sum(1 for p, r in res if isinstance(r[1], dict) and r[1].get("ran"))
print("phase 1: answers", [r[0] for p, r in res].count(200), "ran:true", ran, "target hits", len(t.hits))
# deferral
r = call(s.url("/v1/execute"), agent, {"request_id": "pay-1", "action": "pay.big", "params": {"order_id": "ord_9"}})
print("defer:", r[0], {k: r[1].get(k) for k in ("verdict", "approval_id", "ran")})
aid = r[1]["approval_id"]
g = call(s.url(f"/v1/approvals/{aid}"), a1)
dig = g[1].get("digest") if isinstance(g[1], dict) else None
print("agent approves:", call(s.url(f"/v1/approvals/{aid}/approve"), agent, {"digest": dig})[0])
print("alice:", call(s.url(f"/v1/approvals/{aid}/approve"), a1, {"digest": dig})[0])
print("bob:", call(s.url(f"/v1/approvals/{aid}/approve"), a2, {"digest": dig})[0])
res.clear(); h0 = len(t.hits)
pb = {"request_id": "pay-1", "action": "pay.big", "params": {"order_id": "ord_9"}}
ths = [threading.Thread(target=ex, args=(pb, "/v1/execute" if i % 3 else "/v1/decide")) for i in range(n)]
cli = []
def runcli():
    cli.append(sh(["execute", "--db", d + "/fe.db", "--policy", pol, "--agent", "bot", "--action", "pay.big", "--params", json.dumps(pb["params"]), "--request-id", "pay-1", "--json"]))
ths.append(threading.Thread(target=runcli))
[x.start() for x in ths]; [x.join() for x in ths]
time.sleep(1)
pay_hits = [h for h in t.hits if h[1].startswith("/pay")]
from collections import Counter
print("phase 2 answers:", Counter((p, r[0], (r[1].get("verdict"), r[1].get("ran"), r[1].get("replayed")) if isinstance(r[1], dict) else str(r[1])[:80]) for p, r in res))
print("cli:", cli[0].returncode, cli[0].stdout[:200], cli[0].stderr[:200])
print("target: /api hits", len([h for h in t.hits if h[1].startswith("/api")]), "/pay hits", len(pay_hits))
ok_ = len([h for h in t.hits if h[1].startswith("/api")]) == 1 and len(pay_hits) <= 1
print("RESULT", "held" if ok_ else "HOLE")
s.kill(signal.SIGTERM); cleanup()
print(sh(["journal", "audit", "--db", d + "/fe.db"]).stdout[-200:])
