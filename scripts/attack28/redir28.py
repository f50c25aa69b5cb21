"""Same-origin redirects of a connector's POST: followed? to which path, with which method and body? A 404 after the
redirect: `failed` (reservation released) although the first URL got the request? usage: redir28.py   needs: the target"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("redir")
def beh(path, head, body, c):
    if path.startswith("/a"):
        code = path.split("/")[2]
        c.sendall(b"HTTP/1.1 %s X\r\nlocation: /b/after\r\ncontent-length: 0\r\nconnection: close\r\n\r\n" % code.encode()); return
    if path.startswith("/b"): ok(c, 404, b'{"no": 1}'); return
    ok(c)
t = Target(beh)
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  r.go:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ code: {{ type: string, enum: ["301", "302", "303", "307", "308"] }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/a/{{{{ params.code }}}}", body: '{{"x": 1}}', success: {{ status: [200] }}, timeout: 5s }}
""")
agent = token(d, "bot", "agent")
for code in ["301", "302", "303", "307", "308"]:
    dd = fresh("redir-" + code); os.system(f"cp {pol} {dd}/p.yaml")
    a2 = token(dd, "bot", "agent"); s = Serve(dd, dd + "/p.yaml")
    h0 = len(t.hits)
    r = call(s.url("/v1/execute"), a2, {"request_id": "x", "action": "r.go", "params": {"code": code}})
    r2 = call(s.url("/v1/execute"), a2, {"request_id": "y", "action": "r.go", "params": {"code": code}})
    o = r[1] if isinstance(r[1], dict) else {}
    seen = [(h[2].split("\r\n")[0], h[3]) for h in t.hits[h0:]]
    print(code, "outcome", o.get("outcome"), "| next execute:", r2[1].get("verdict") if isinstance(r2[1], dict) else r2, "| target saw:", seen[:4], str((o.get("report_detail") or {}).get("error", ""))[:100])
    s.kill(signal.SIGTERM)
cleanup()
