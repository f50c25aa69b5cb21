"""Can the agent read a connector's secret from what FourEyes tells it (report_detail, errors)? The secret sits in a URL
query, a header and a body next to agent params; the agent picks params that make rendering or sending fail; the
target (honest but echoing) answers with redirects / errors. usage: secleak28.py   needs: agent credential only"""
import sys, os, time, json, re
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
SECRET = "Sk9/a b+c~d%e\u00e9fZQxW7Lm2Np"   # letters+digits runs, and characters percent-encoding treats differently
d = fresh("secleak")
def beh(path, head, body, c):
    if "/redir" in path: c.sendall(b"HTTP/1.1 302 X\r\nlocation: http://127.0.0.2:1/" + path.encode() + b"\r\ncontent-length: 0\r\n\r\n"); return
    if "/rst" in path: rst(c); return
    if "/echo" in path:
        b = json.dumps({"ok": True, "got": head.decode(errors="replace"), "body": body.decode(errors="replace")}).encode(); ok(c, 400, b); return
    ok(c)
t = Target(beh)
sk = d + "/sk"; open(sk, "w").write(sh(["secret", "new-key"]).stdout)
pol = d + "/p.yaml"
U = f"http://127.0.0.1:{t.port}"
open(pol, "w").write(f"""version: 1
actions:
  q.url:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "{U}/{{{{ params.p }}}}", headers: {{ authorization: "Bearer {{{{ secret.k }}}}" }}, success: {{ status: [200] }}, timeout: 3s }}
  q.hdr:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "{U}/h", headers: {{ x-api: "{{{{ secret.k }}}}:{{{{ params.p }}}}" }}, success: {{ status: [200] }}, timeout: 3s }}
  q.body:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "{U}/b", body: '{{"k": {{{{ secret.k }}}}, "note": "x{{{{ params.p }}}}"}}', success: {{ status: [200] }}, timeout: 3s }}
  q.body2:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "{U}/{{{{ params.p }}}}", body: '{{"k": {{{{ secret.k }}}}}}', success: {{ status: [200] }}, timeout: 3s }}
  q.cmd:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string }} }}
    execute:
      command: {{ argv: ["/bin/sh", "-c", 'echo "$K" >&2; echo "$K$1"; exit 3', "sh", "{{{{ params.p }}}}"], env: {{ K: "{{{{ secret.k }}}}" }}, timeout: 3s, success_exit: [0] }}
""")
c = sh(["policy", "check", pol]); print("check", c.returncode, c.stderr.strip()[-300:])
sh(["secret", "set", "k", "--db", d + "/fe.db", "--as", "ops", "--secrets-key-file", sk], inp=SECRET, check=True)
agent = token(d, "bot", "agent")
s = Serve(d, pol, ["--secrets-key-file", sk])
from urllib.parse import quote
forms = {"raw": SECRET, "pct": quote(SECRET, safe=""), "pct_lower": quote(SECRET, safe="").lower(), "plus": quote(SECRET, safe="").replace("%20", "+"),
         "run8": "ZQxW7Lm2Np", "json": json.dumps(SECRET)[1:-1], "ascii_json": json.dumps(SECRET, ensure_ascii=True)[1:-1]}
cases = [("q.url", "rst"), ("q.url", "redir"), ("q.url", "echo"), ("q.url", "x y"), ("q.url", ".."),
         ("q.hdr", "a\r\nb"), ("q.hdr", "a\nb"), ("q.hdr", "\x00"), ("q.hdr", "\u00e9\u4e2d"),
         ("q.body", 'a"b'), ("q.body", "a\\"), ("q.body", "ok"), ("q.body2", "echo"), ("q.body2", "rst"),
         ("q.cmd", "x"), ("q.cmd", "-x")]
leaks = []
for i, (act, p) in enumerate(cases):
    r = call(s.url("/v1/execute"), agent, {"request_id": f"s{i}", "action": act, "params": {"p": p}})
    g = call(s.url(f"/v1/decisions/{r[1].get('decision_id')}"), agent) if isinstance(r[1], dict) and r[1].get("decision_id") else (None, "")
    blob = json.dumps(r[1], ensure_ascii=False) + json.dumps(g[1], ensure_ascii=False)
    blob2 = blob + json.dumps(r[1]) + json.dumps(g[1])
    found = [k for k, f in forms.items() if f in blob2]
    o = r[1] if isinstance(r[1], dict) else {}
    rd = o.get("report_detail") if isinstance(o.get("report_detail"), dict) else {}
    print(f"{act:8s} {json.dumps(p):12s} -> {r[0]} {o.get('outcome')} leaked forms: {found} | {json.dumps(rd, ensure_ascii=False)[:230]}")
    if found: leaks.append((act, p, found))
ev = call(s.url("/v1/journal?limit=1000"), agent)
jb = json.dumps(ev[1]) + json.dumps(ev[1], ensure_ascii=False)
print("journal readable by agent:", ev[0], "leaked forms in it:", [k for k, f in forms.items() if f in jb])
print("RESULT", ("HOLE " + str(leaks)) if leaks else "held", f"{len(leaks)} of {len(cases)}")
s.kill(signal.SIGTERM); cleanup()
