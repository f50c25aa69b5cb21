"""Who can approve? Every state-changing endpoint with agent, executor and runner credentials; the console signed in
with an agent token; an approver that shares the agent's name; an approver deciding and approving its own request.
usage: roles28.py   needs: the credentials named (agent; the others to show what their holders can do)"""
import sys, os, time, json, http.cookiejar, urllib.request
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("roles")
pol = os.path.join(d, "p.yaml")
open(pol, "w").write("""version: 1
actions:
  x.do:
    tier: 3
    approvals: { required: 1, ttl: 1h }
    params: { a: { type: string } }
""")
agent = token(d, "bot", "agent")
exe = token(d, "bot-runner", "executor", ["--for", "bot"])
runner = token(d, "ci", "runner")
same = None
r = sh(["token", "create", "--db", d + "/fe.db", "--name", "bot", "--role", "approver", "--json"])
print("approver named like the agent:", r.returncode, (r.stdout + r.stderr)[:150].strip())
if r.returncode == 0: same = json.loads(r.stdout)["token"]
appr = token(d, "alice", "approver")
s = Serve(d, pol)
def defer(rid, tok=agent):
    r = call(s.url("/v1/decide"), tok, {"request_id": rid, "action": "x.do", "params": {"a": rid}})
    return r
r = defer("q1"); aid = r[1].get("approval_id"); did = r[1].get("decision_id")
dig = call(s.url(f"/v1/approvals/{aid}"), appr)[1].get("digest")
holes = []
for name, tok in (("agent", agent), ("executor", exe), ("runner", runner)):
    for path, body in ((f"/v1/approvals/{aid}/approve", {"digest": dig}), (f"/v1/approvals/{aid}/reject", {"why": "x"}),
                       (f"/v1/approvals/{aid}/revoke", {"why": "x"}), ("/v1/kill-switch", {"engaged": False}),
                       ("/v1/policy/reload", {}), ("/v1/sessions/restore", {"agent": "bot", "session": "s", "why": "x"}),
                       ("/v1/mcp/pins/approve", {"server": "s", "tool": "t", "sha256": "0" * 64}),
                       ("/v1/tasks", {"task_id": "t1", "config": {}, "workspace": {}})):
        st = call(s.url(path), tok, body)[0]
        if st and st < 400: holes.append((name, path, st))
        print(f"{name:9s} POST {path:34s} -> {st}")
# console with an agent token
cj = http.cookiejar.CookieJar(); op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cj))
def creq(method, path, body=None, hdr={}):
    req = urllib.request.Request(s.url(path), data=json.dumps(body).encode() if body is not None else None, method=method,
                                 headers={"content-type": "application/json", **hdr})
    try:
        with op.open(req, timeout=10) as r: return r.status, r.read().decode()
    except urllib.error.HTTPError as e: return e.code, e.read().decode()
for body in ({"token": agent}, {"token": exe}):
    st, b = creq("POST", "/console/session", body)
    print("console sign-in", body["token"][:6], st, b[:150])
    st2, b2 = creq("GET", "/console/session")
    csrf = None
    try: csrf = json.loads(b2).get("csrf")
    except Exception: pass
    st3, b3 = creq("POST", f"/v1/approvals/{aid}/approve", {"digest": dig}, {"x-csrf-token": csrf or "", "origin": s.url("")})
    print("  approve via console session:", st3, b3[:150])
    if st3 < 400: holes.append(("console", body["token"][:6], st3))
    creq("DELETE", "/console/session", None, {"x-csrf-token": csrf or ""})
if same:
    st = call(s.url(f"/v1/approvals/{aid}/approve"), same, {"digest": dig})
    print("approver named 'bot' approves bot's request:", st[0], str(st[1])[:150])
    if st[0] and st[0] < 400: holes.append(("same-name approver", st[0]))
r = call(s.url("/v1/decide"), appr, {"request_id": "own", "action": "x.do", "params": {"a": "own"}})
print("approver decides:", r[0], str(r[1])[:120])
if isinstance(r[1], dict) and r[1].get("approval_id"):
    a2 = r[1]["approval_id"]; dg2 = call(s.url(f"/v1/approvals/{a2}"), appr)[1].get("digest")
    st = call(s.url(f"/v1/approvals/{a2}/approve"), appr, {"digest": dg2})
    print("approver approves own:", st[0], str(st[1])[:150])
    if st[0] and st[0] < 400: holes.append(("self-approve", st[0]))
print("RESULT", "HOLE " + str(holes) if holes else "held")
s.kill(signal.SIGTERM); cleanup()
