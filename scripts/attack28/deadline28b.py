"""Hole #1 on a budget and on a `command` connector: a run slower than report_within frees its reservation while
it runs. usage: deadline28b.py budget|command   needs: agent credential (and a slow target / program)"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
kind = sys.argv[1] if len(sys.argv) > 1 else "budget"
d = fresh("deadlineb-" + kind)
t = Target(lambda p, h, b, c: (time.sleep(6), ok(c)))
rec = os.path.join(d, "runs.log")
prog = os.path.join(d, "slow.sh")
open(prog, "w").write(f"#!/bin/sh\necho \"$1\" >> {rec}\nsleep 6\necho '{{\"ok\": true}}'\n"); os.chmod(prog, 0o755)
if kind == "budget":
    ex = f"""    budgets: [{{ param: amount_eur, max: 100, per: 24h }}]
    params: {{ amount_eur: {{ type: number, min: 0, max: 100 }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/pay", body: '{{"amount": {{{{ params.amount_eur }}}}}}', success: {{ status: [200] }}, timeout: 30s }}"""
    params = [{"amount_eur": 60}, {"amount_eur": 60}]
else:
    ex = f"""    limits: [{{ count: 1, per: 1h }}]
    params: {{ name: {{ type: string, pattern: "^[a-z0-9]+$" }} }}
    execute:
      command: {{ argv: ["{prog}", "{{{{ params.name }}}}"], timeout: 30s, success_exit: [0] }}"""
    params = [{"name": "one"}, {"name": "two"}]
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
defaults:
  report_within: 2s
actions:
  x.act:
    tier: 2
{ex}
""")
agent = token(d, "bot", "agent")
s = Serve(d, pol)
res = {}
def go(i): res[i] = call(s.url("/v1/execute"), agent, {"request_id": f"r{i}", "action": "x.act", "params": params[i]})
th = threading.Thread(target=go, args=(0,)); th.start(); time.sleep(3.5); go(1); th.join()
for i in (0, 1):
    o = res[i][1] if isinstance(res[i][1], dict) else {}
    print(i, res[i][0], o.get("verdict"), o.get("outcome"), [x["code"] for x in o.get("reasons", [])])
runs = len(t.hits) if kind == "budget" else len(open(rec).read().split())
what = "120 EUR against a 100 EUR/24h budget" if kind == "budget" else "2 runs against count 1"
print("RESULT", "HOLE" if runs >= 2 else "held", f"{runs} runs" + (f" = {what}" if runs >= 2 else ""))
s.kill(signal.SIGTERM); cleanup()
