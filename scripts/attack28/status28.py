"""Which answer statuses make a connector run `failed` (reservation released)? success: [200]; the target processed the
request and answers STATUS. usage: status28.py [status ...]   needs: the target"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
codes = [int(x) for x in sys.argv[1:]] or [201, 202, 204, 206, 299, 300, 304, 305, 306, 399, 400, 408, 409, 425, 429, 499, 599]
cur = {"code": 200}
def beh(path, head, body, c):
    code = int(path.split("/")[2])
    extra = b"location: /elsewhere\r\n" if 300 <= code < 400 else b""
    if code in (204, 304): c.sendall(b"HTTP/1.1 %d X\r\n%sconnection: close\r\n\r\n" % (code, extra)); return
    c.sendall(b"HTTP/1.1 %d X\r\n%scontent-length: 2\r\nconnection: close\r\n\r\n{}" % (code, extra))
t = Target(beh)
bad = []
for code in codes:
    d = fresh(f"status-{code}")
    pol = d + "/p.yaml"
    open(pol, "w").write(f"""version: 1
actions:
  s.go:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{}}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/s/{code}", success: {{ status: [200] }}, timeout: 3s }}
""")
    agent = token(d, "bot", "agent"); s = Serve(d, pol)
    h0 = len(t.hits)
    r = call(s.url("/v1/execute"), agent, {"request_id": "x", "action": "s.go", "params": {}})
    o = r[1] if isinstance(r[1], dict) else {}
    seen = [h[2].split("\r\n")[0] for h in t.hits[h0:]]
    print(code, o.get("outcome"), seen, str((o.get("report_detail") or {}).get("error", ""))[:100])
    if o.get("outcome") == "failed" and not (400 <= code < 500): bad.append(code)
    s.kill(signal.SIGTERM)
print("RESULT", ("HOLE: failed for " + str(bad)) if bad else "held (only 4xx failed)")
cleanup()
