"""The agent hangs up mid-execute (client socket closed while the connector runs). Is the run reported, and is the
outcome findable by the request id afterwards? usage: hangup28.py [n]   needs: agent credential"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
d = fresh("hangup")
def beh(path, head, body, c):
    time.sleep(2); ok(c)
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
""")
agent = token(d, "bot", "agent")
s = Serve(d, pol)
for i in range(n):
    body = json.dumps({"request_id": f"h{i}", "action": "shop.refund", "params": {"order_id": f"ord_{i}"}}).encode()
    c = socket.create_connection(("127.0.0.1", s.port))
    c.sendall(b"POST /v1/execute HTTP/1.1\r\nhost: x\r\nauthorization: Bearer " + agent.encode() + b"\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(body) + body)
    time.sleep(0.5 if i % 2 == 0 else 0.05)
    if i % 3 == 2: rst(c)
    else: c.close()
time.sleep(4)
bad = 0
for i in range(n):
    r = call(s.url("/v1/execute"), agent, {"request_id": f"h{i}", "action": "shop.refund", "params": {"order_id": f"ord_{i}"}})
    o = r[1] if isinstance(r[1], dict) else {}
    print(f"h{i}: retry {r[0]} status={o.get('status')} outcome={o.get('outcome')} ran={o.get('ran')} replayed={o.get('replayed')}")
    if o.get("status") not in ("executed", "failed", "unknown"): bad += 1
hits = [h[1] for h in t.hits]
print("target hits", len(hits), "distinct", len(set(hits)))
print("RESULT", "HOLE" if bad or len(hits) != len(set(hits)) else "held", f"{bad} of {n} left unreported; {len(hits)-len(set(hits))} doubled")
s.kill(signal.SIGTERM); cleanup()
