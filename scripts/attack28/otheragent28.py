"""Agent eve releases the approval a person gave for agent bot's identical request (same action and params), via
`approval_id` on /v1/execute and /v1/decide, and by re-sending bot's request id. usage: otheragent28.py
needs: a second agent credential (eve) + the approval id (visible to any agent?)"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("otheragent")
t = Target(lambda p, h, b, c: ok(c))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  pay.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ n: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/p/{{{{ params.n }}}}", success: {{ status: [200] }}, timeout: 5s }}
  note.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ n: {{ type: string }} }}
""")
bot = token(d, "bot", "agent"); eve = token(d, "eve", "agent"); appr = token(d, "alice", "approver")
s = Serve(d, pol)
res = {}
for act, path in (("pay.big", "/v1/execute"), ("note.big", "/v1/decide")):
    b = {"request_id": "b1" + act, "action": act, "params": {"n": "1"}}
    r = call(s.url(path), bot, b); aid = r[1]["approval_id"]
    print("eve lists approvals:", call(s.url("/v1/approvals"), eve)[0], "| eve GET deferrals:", call(s.url("/v1/deferrals?action=" + act), eve)[0])
    dig = call(s.url(f"/v1/approvals/{aid}"), appr)[1]["digest"]
    call(s.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": dig})
    for label, body in (("eve approval_id", {"request_id": "e1", "action": act, "params": {"n": "1"}, "approval_id": aid}),
                        ("eve bot's request id", {"request_id": "b1" + act, "action": act, "params": {"n": "1"}})):
        r = call(s.url(path), eve, body); o = r[1] if isinstance(r[1], dict) else {}
        print(f"{act} {label:22s} -> {r[0]} {o.get('verdict')} ran={o.get('ran')} {[x['code'] for x in o.get('reasons', [])]}")
        res[(act, label)] = o.get("verdict")
    r = call(s.url(path), bot, b); o = r[1] if isinstance(r[1], dict) else {}
    print(f"{act} bot releases its own    -> {r[0]} {o.get('verdict')} ran={o.get('ran')}")
bad = [k for k, v in res.items() if v == "permit"]
print("target hits:", len(t.hits))
print("RESULT", ("HOLE " + str(bad)) if bad else "held")
s.kill(signal.SIGTERM); cleanup()
