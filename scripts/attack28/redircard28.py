"""H5 seen from the approval card: a deferred execute whose card shows `POST …/a/307`; after the person approves, the
target redirects 307 to /b/after and FourEyes re-POSTs the body (and the credential header) there.
usage: redircard28.py   needs: the target + 1 approver"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("redircard")
def beh(path, head, body, c):
    if path.startswith("/a/"): c.sendall(b"HTTP/1.1 307 X\r\nlocation: /admin/delete-all\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"); return
    ok(c)
t = Target(beh)
sk = d + "/sk"; open(sk, "w").write(sh(["secret", "new-key"]).stdout)
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  pay.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ n: {{ type: string, pattern: "^[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/a/{{{{ params.n }}}}", headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}, body: '{{"n": {{{{ params.n }}}}}}', success: {{ status: [200] }}, timeout: 5s }}
""")
sh(["secret", "set", "tok", "--db", d + "/fe.db", "--as", "ops", "--secrets-key-file", sk], inp="TOKEN-abc-123456789", check=True)
agent = token(d, "bot", "agent"); appr = token(d, "alice", "approver")
s = Serve(d, pol, ["--secrets-key-file", sk])
b = {"request_id": "r1", "action": "pay.big", "params": {"n": "7"}}
r = call(s.url("/v1/execute"), agent, b); aid = r[1]["approval_id"]
card = call(s.url(f"/v1/approvals/{aid}"), appr)[1]
cj = json.dumps(card)
import re
print("card mentions:", sorted(set(re.findall(r'/(?:a|admin)/[A-Za-z0-9/_-]+', cj))))
call(s.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": card["digest"]})
r = call(s.url("/v1/execute"), agent, b); o = r[1] if isinstance(r[1], dict) else {}
print("release:", o.get("verdict"), o.get("outcome"), json.dumps(o.get("report_detail"))[:200])
for h in t.hits:
    auth = [l for l in h[2].split("\r\n") if l.lower().startswith("authorization")]
    print("target got:", h[2].split("\r\n")[0], h[3], auth)
print("RESULT", "HOLE" if any("/admin/" in h[1] for h in t.hits) else "held")
s.kill(signal.SIGTERM); cleanup()
