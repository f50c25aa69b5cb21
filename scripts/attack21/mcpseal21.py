#!/usr/bin/env python3
"""mcp-proxy (stdio, embedded store) given the seal key (--seal-key and FOUREYES_SEAL_KEY): does it seal what it
journals? A keyed store (agent token created by a keyed CLI first, so the journal is sealed from seq 1), then one
ordinary tools/list + tools/call through the proxy, then keyed doors: CLI decide, journal verify, serve start.
usage: FOUREYES_BIN=... python3 mcpseal21.py"""
import json, os, shutil, signal, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B
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
    params: { celsius: { type: number, min: 17, max: 23 } }
    limits: [ { count: 1000, per: 1h } ]
  mcp.up.t:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
"""
d = "/tmp/attack21-mcpseal"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
open(f"{d}/p.yaml", "w").write(POLY); open(f"{d}/up.py", "w").write(UP)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=f"{d}/p.yaml", FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
def cli(*a): return subprocess.run([B] + list(a), env=env, capture_output=True, text=True)
H.token(env, "bot", "agent")
r = cli("decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "before", "--json"); print("keyed CLI decide before the proxy: rc", r.returncode)
print("verify before:", cli("journal", "verify").stdout.strip().splitlines()[-1][:150])
msgs = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"}, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "t", "arguments": {"x": 1}}}]
pr = subprocess.run([B, "mcp-proxy", "--name", "up", "--seal-key", f"{d}/keys/seal.key", "--", sys.executable, f"{d}/up.py"], env=env,
                    input="".join(json.dumps(m) + "\n" for m in msgs), capture_output=True, text=True, timeout=60)
print("proxy rc", pr.returncode, "| last answer:", (pr.stdout.strip().splitlines() or [""])[-1][:120], "| stderr:", pr.stderr.strip()[-200:])
v = cli("journal", "verify"); print("verify after: rc", v.returncode, (v.stdout + v.stderr).strip()[-260:])
r = cli("decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "after", "--json")
p = H.start(env, 18957, log=f"{d}/serve.log"); up = p.poll() is None
if up: p.send_signal(signal.SIGTERM); p.wait()
print(f"RESULT mcpseal21: keyed CLI decide after the proxy rc {r.returncode} {r.stderr.strip()[-120:]!r}; serve starts {up}; verify rc {v.returncode}")
