#!/usr/bin/env python3
"""ADR-372 through the MCP proxy's other input: the upstream MCP server's own bytes. Its tools/list answers a tool
whose inputSchema nests N levels (and a changed definition on a second run, which the proxy journals as refused for
a person to review). The proxy pins (journals) the definition. After each N: keyed CLI decide, verify, audit, serve.
usage: FOUREYES_BIN=… python3 mcpdeep22.py [N …]"""
import json, os, shutil, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18968
UP = r'''
import sys, json, os
N = int(os.environ["DEPTH"]); V = os.environ.get("VARIANT", "0")
schema = '{"type":"object","properties":{"x":' + '{"a":' * N + '1' + '}' * N + '}}'
desc = "v" + V
for line in sys.stdin:
    m = json.loads(line) if line.strip() else None
    if not m or "id" not in m: continue
    if m["method"] == "initialize": r = '{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"up","version":"1"}}'
    elif m["method"] == "tools/list": r = '{"tools":[{"name":"t","description":"%s","inputSchema":%s}]}' % (desc, schema)
    elif m["method"] == "tools/call": r = '{"content":[{"type":"text","text":"ok"}]}'
    else: r = '{}'
    sys.stdout.write('{"jsonrpc":"2.0","id":%s,"result":%s}\n' % (json.dumps(m["id"]), r)); sys.stdout.flush()
'''
POLY = """version: 1
timezone: UTC
actions:
  free:
    tier: 2
    params: { s: { type: string, required: false } }
    limits: [ { count: 1000, per: 1h } ]
  mcp.up.t:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
"""
MSGS = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"}, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "t", "arguments": {}}}]
for n in [int(x) for x in (sys.argv[1:] or ["60", "90", "96", "98", "100", "110", "120", "124"])]:
    d, env = L.fresh(f"mcpdeep-{n}")
    open(f"{d}/p.yaml", "w").write(POLY); open(f"{d}/up.py", "w").write(UP); env["FOUREYES_POLICY"] = f"{d}/p.yaml"
    L.token(env, "bot", "agent")
    res = []
    for variant in ("0", "1"):   # the second run changes the definition: the proxy refuses it and journals it for review
        r = subprocess.run([L.B, "mcp-proxy", "--name", "up", "--agent", "bot", "--", sys.executable, f"{d}/up.py"], env=dict(env, DEPTH=str(n), VARIANT=variant),
                           input="".join(json.dumps(m) + "\n" for m in MSGS), capture_output=True, text=True, timeout=60)
        last = (r.stdout.strip().splitlines() or [""])[-1][:100]
        res.append(f"run{variant}: rc {r.returncode} last={last!r} err={r.stderr.strip()[-120:]!r}")
    cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "q1"], env)
    v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env)
    q = L.start(env, P, f"{d}/serve.log"); up = q.poll() is None; L.stop(q)
    pl = L.sh(["mcp", "pins", "list"], env)
    ok = cl.returncode == 0 and v.returncode == 0 and a.returncode == 0 and up
    print(f"{'held' if ok else 'HOLE?'} depth {n}: CLI decide {cl.returncode} verify {v.returncode} audit {a.returncode} serve {'starts' if up else 'refuses'} pins list rc {pl.returncode}\n    " + "\n    ".join(res)
          + ("" if ok else f"\n    {cl.stderr.strip()[-200:]} {v.stdout.strip()[-200:]}"), flush=True)
