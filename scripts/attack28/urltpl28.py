"""What an agent's param value does to a rendered connector URL (path, query, port). The target logs the raw
request line. usage: urltpl28.py   needs: agent credential"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("urltpl")
t = Target(lambda p, h, b, c: ok(c))
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
actions:
  a.path:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ v: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/api/orders/{{{{ params.v }}}}/refunds", success: {{ status: [200] }}, timeout: 3s }}
  a.tail:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ v: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/api/items/{{{{ params.v }}}}", success: {{ status: [200] }}, timeout: 3s }}
  a.query:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ v: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/api/search?q={{{{ params.v }}}}&safe=1", success: {{ status: [200] }}, timeout: 3s }}
  a.port:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ v: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{{{{ params.v }}}}/api/x", allow_origins: ["http://127.0.0.1:{t.port}"], success: {{ status: [200] }}, timeout: 3s }}
""")
chk = sh(["policy", "check", pol]); print("policy check", chk.returncode, (chk.stdout + chk.stderr)[-300:])
agent = token(d, "bot", "agent")
s = Serve(d, pol)
vals = ["..", ".", "%2e%2e", ".%2e", "%2E%2E", "..%2f..%2fadmin", "a/../../admin", "a?x=1", "a#frag", "a\\..\\..\\admin",
        "%2F", "%252e", "\t..", "..\t", " ..", "．．", "..;", "%00", "a%0d%0ax", "\u2025", "%",
        "\u002e\u002e/admin", "foo/..", "/admin"]
i = 0
for act in ("a.path", "a.tail", "a.query"):
    for v in vals:
        i += 1; n0 = len(t.hits)
        r = call(s.url("/v1/execute"), agent, {"request_id": f"u{i}", "action": act, "params": {"v": v}})
        o = r[1] if isinstance(r[1], dict) else {"raw": r[1]}
        got = t.hits[n0][2].split("\r\n")[0] if len(t.hits) > n0 else "-"
        flag = ""
        line0 = got.split(" ")[1] if got != "-" else ""
        if act == "a.path" and line0 and not (line0.startswith("/api/orders/") and line0.endswith("/refunds")): flag = "  <-- path left the template"
        if act == "a.tail" and line0 and not line0.startswith("/api/items/"): flag = "  <-- path left the template"
        if act == "a.query" and line0 and ("&safe=1" not in line0 or line0.count("&") != 1 or "#" in line0): flag = "  <-- query changed"
        print(f"{act:8s} {json.dumps(v):24s} -> {o.get('verdict')}/{o.get('outcome')} target: {got[:90]}{flag}")
for v in ["9@127.0.0.2", "1", "80/..", str(t.port) + "#"]:
    i += 1; n0 = len(t.hits)
    r = call(s.url("/v1/execute"), agent, {"request_id": f"u{i}", "action": "a.port", "params": {"v": v}})
    o = r[1] if isinstance(r[1], dict) else {"raw": r[1]}
    print("a.port", json.dumps(v), o.get("verdict"), o.get("outcome"), str((o.get("report_detail") or {}).get("error"))[:120], "hits", len(t.hits) - n0)
s.kill(signal.SIGTERM); cleanup()
