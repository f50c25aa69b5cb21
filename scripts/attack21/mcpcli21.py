#!/usr/bin/env python3
"""The nesting hole (deep21.py) through the other doors: CLI `decide --params/--evidence`, CLI `report --detail`,
the MCP proxy (stdio, embedded store) with a `tools/call` whose arguments nest so the message is 127 levels deep.
After each: a fresh CLI door decides? verify / audit? (one fresh store per variant, seal key on)
usage: FOUREYES_BIN=... [NOKEY=1] python3 mcpcli21.py [variant ...]   (mcp_* variants: NOKEY=1, see mcpseal21.py)"""
import json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B
def nest(n): return '{"a":' * n + "1" + "}" * n
UP = r'''
import sys, json
for line in sys.stdin:
    m = json.loads(line) if line.strip() else None
    if not m or "id" not in m: continue
    r = {"jsonrpc": "2.0", "id": m["id"]}
    if m["method"] == "initialize": r["result"] = {"protocolVersion": "2025-03-26", "capabilities": {"tools": {}}, "serverInfo": {"name": "up", "version": "1"}}
    elif m["method"] == "tools/list": r["result"] = {"tools": [{"name": "t", "description": "t", "inputSchema": {"type": "object"}}]}
    elif m["method"] == "tools/call": r["result"] = {"content": [{"type": "text", "text": "ok"}]}
    else: r["result"] = {}
    sys.stdout.write(json.dumps(r) + "\n"); sys.stdout.flush()
'''
POLY = """version: 1
timezone: UTC
actions:
  thermo:
    tier: 2
    params:
      celsius: { type: number, min: 17, max: 23 }
    limits: [ { count: 1000, per: 1h } ]
  mcp.up.t:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
"""
def fresh(name):
    d = f"/tmp/attack21-mcpcli/{name}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
    subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
    open(f"{d}/p.yaml", "w").write(POLY); open(f"{d}/up.py", "w").write(UP)
    e = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=f"{d}/p.yaml", FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
    if os.environ.get("NOKEY"): e.pop("FOUREYES_SEAL_KEY")  # the embedded mcp-proxy does not seal (mcpseal21.py): use NOKEY=1 for mcp_*
    return d, e
def cli(env, *a): return subprocess.run([B] + list(a), env=env, capture_output=True, text=True)
def health(env):
    r = cli(env, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "after", "--json")
    return f"next CLI decide rc {r.returncode} {r.stderr.strip()[-110:] if r.returncode else ''}; verify rc {cli(env, 'journal', 'verify').returncode}; audit rc {cli(env, 'journal', 'audit').returncode}"
V = sys.argv[1:] or ["cli_params_127", "cli_evidence_127", "cli_detail_127", "mcp_args_128", "mcp_args_129"]
for name in V:
    d, env = fresh(name); L = int(name.rsplit("_", 1)[1])
    if name.startswith("cli_params"):
        r = cli(env, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20,"x":%s}' % nest(L - 1), "--request-id", "x", "--json")
    elif name.startswith("cli_evidence"):
        r = cli(env, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--evidence", '{"x":%s}' % nest(L - 1), "--request-id", "x", "--json")
    elif name.startswith("cli_detail"):
        r0 = cli(env, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "x", "--json")
        i = json.loads(r0.stdout)["decision_id"]
        r = cli(env, "report", str(i), "--outcome", "executed", "--detail", nest(L))
    else:  # message level: {..params:{..arguments:{x: nest}}} -> arguments value nested L-3 below
        msgs = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}},
                {"jsonrpc": "2.0", "method": "notifications/initialized"}, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]
        inp = "".join(json.dumps(m) + "\n" for m in msgs) + '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","arguments":{"x":%s}}}\n' % nest(L - 4)
        pr = subprocess.Popen([B, "mcp-proxy", "--name", "up"] + (["--seal-key", env["FOUREYES_SEAL_KEY"]] if os.environ.get("SEALFLAG") else []) + ["--", sys.executable, f"{d}/up.py"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try: out, err = pr.communicate(inp, timeout=60)
        except subprocess.TimeoutExpired: pr.kill(); out, err = pr.communicate()
        r = subprocess.CompletedProcess([], pr.returncode, out, err)
        r.stdout = " | ".join(l[:90] for l in out.splitlines()[-1:])
    print(f"{name}: door rc {r.returncode} {r.stdout.strip()[:100]!r} {r.stderr.strip()[-100:]!r}\n   RESULT {health(env)}", flush=True)
