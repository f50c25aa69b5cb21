"""mcp connector (stdio): the tool runs (recorded), then its server answers in MODE. Outcome must not be `failed`
(which frees the reservation) once the call reached the tool, except for a refusal the protocol defines as
"did not run". usage: mcpconn28.py [mode ...]   needs: agent credential; the MCP server's bytes"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
SRV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpsrv28.py")
modes = sys.argv[1:] or ["ok", "iserror", "err-32603", "err-32602", "err-32601", "err-32000", "err-1", "exit", "exit1", "garbage", "wrongid", "idstr", "hang", "noresult", "both", "errdup"]
for mode in modes:
    d = fresh("mcpconn-" + mode)
    rec = os.path.join(d, "calls.log")
    pol = os.path.join(d, "p.yaml")
    open(pol, "w").write(f"""version: 1
actions:
  t.act:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ n: {{ type: string, pattern: "^[a-z0-9]+$" }} }}
    execute:
      mcp:
        server: srv
        command: ["{SRV}", "{mode}", "{rec}"]
        tool: act
        timeout: 4s
mcp:
  srv: {{}}
""")
    agent = token(d, "bot", "agent")
    try: s = Serve(d, pol)
    except SystemExit as e: print(mode, "serve:", str(e)[-300:]); break
    r1 = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "t.act", "params": {"n": "one"}})
    r2 = call(s.url("/v1/execute"), agent, {"request_id": "r2", "action": "t.act", "params": {"n": "two"}})
    o1 = r1[1] if isinstance(r1[1], dict) else {"raw": str(r1[1])[:200]}
    o2 = r2[1] if isinstance(r2[1], dict) else {}
    calls = len(open(rec).read().splitlines()) if os.path.exists(rec) else 0
    rd = o1.get("report_detail") if isinstance(o1.get("report_detail"), dict) else {}
    bad = o1.get("outcome") == "failed" and calls >= 1
    print(f"{mode:10s} r1 {r1[0]} {o1.get('verdict')}/{o1.get('outcome')} tool_calls={calls} r2={o2.get('verdict')}/{o2.get('outcome')} {'<-- failed after the tool ran' if bad else ''} err={str(rd.get('error'))[:140]}", flush=True)
    s.kill(signal.SIGTERM)
cleanup()
