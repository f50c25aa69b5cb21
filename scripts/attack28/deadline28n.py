"""Hole #1 scaled: one new execute every PERIOD seconds for SECS seconds, each run 30 s long, report_within 2s,
count 1 per 1h. usage: deadline28n.py [secs] [period]   needs: agent credential; a slow target"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
secs = float(sys.argv[1]) if len(sys.argv) > 1 else 20; period = float(sys.argv[2]) if len(sys.argv) > 2 else 2.5
d = fresh("deadlinen")
t = Target(lambda p, h, b, c: (time.sleep(30), ok(c)))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
defaults:
  report_within: 2s
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 60s }}
""")
agent = token(d, "bot", "agent"); s = Serve(d, pol)
from collections import Counter
verd = Counter(); ths = []
def go(i):
    r = call(s.url("/v1/execute"), agent, {"request_id": f"r{i}", "action": "shop.refund", "params": {"order_id": f"ord_{i}"}}, timeout=90)
    verd[r[1].get("verdict") if isinstance(r[1], dict) else r[0]] += 1
t0 = time.time(); i = 0
while time.time() - t0 < secs:
    th = threading.Thread(target=go, args=(i,), daemon=True); th.start(); ths.append(th); i += 1; time.sleep(period)
time.sleep(1)
print(f"sent {i} in {secs:.0f}s; runs started at the target: {len(t.hits)} against count 1 per 1h")
print("RESULT", "HOLE" if len(t.hits) > 1 else "held", f"{len(t.hits)} runs vs 1")
s.kill(signal.SIGKILL); cleanup()
