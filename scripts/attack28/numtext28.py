"""Numbers an agent writes vs what the connector sends: one digest for two values? A deferred execute approved for
what the card shows, then released: does the target get exactly what the approver saw?
usage: numtext28.py   needs: agent credential + one approver (the person)"""
import sys, os, time, json, urllib.request
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("numtext")
t = Target(lambda p, h, b, c: ok(c))
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
actions:
  pay.send:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ amount: {{ type: number }}, to: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/pay", body: '{{"amount": {{{{ params.amount }}}}, "to": {{{{ params.to }}}}}}', success: {{ status: [200] }}, timeout: 5s }}
""")
agent = token(d, "bot", "agent"); appr = token(d, "alice", "approver")
s = Serve(d, pol)
def raw(body):
    req = urllib.request.Request(s.url("/v1/execute"), data=body.encode(), method="POST", headers={"authorization": f"Bearer {agent}", "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e: return e.code, e.read().decode()[:200]
nums = ["9007199254740993.0", "0.10000000000000000001", "1e400", "-0", "1E2", "100.000", "123456789012345678901234567890.5", "5e-324", "2.5e-400"]
for i, n in enumerate(nums):
    st, o = raw('{"request_id": "n%d", "action": "pay.send", "params": {"amount": %s, "to": "x"}}' % (i, n))
    if not isinstance(o, dict) or not o.get("approval_id"):
        print(f"{n:34s} -> {st} {str(o)[:150]}"); continue
    aid = o["approval_id"]
    card = call(s.url(f"/v1/approvals/{aid}"), appr)[1]
    shown = json.dumps(card.get("params") if "params" in card else card)[:0]
    seen = json.dumps(card)
    import re
    m = re.search(r'"amount":\s*([^,}\]]+)', seen)
    call(s.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": card.get("digest")})
    n0 = len(t.hits)
    st2, o2 = raw('{"request_id": "n%d", "action": "pay.send", "params": {"amount": %s, "to": "x"}}' % (i, n))
    sent = t.hits[n0][3] if len(t.hits) > n0 else "-"
    print(f"{n:34s} card amount {m.group(1) if m else '?':28s} target got {sent:40s} {o2.get('outcome') if isinstance(o2, dict) else o2}")
s.kill(signal.SIGTERM); cleanup()
