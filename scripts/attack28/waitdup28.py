"""MCP proxy --wait: a deferred call held open; the client sends the same call again (new JSON-RPC ids, 3 copies)
while it is held; one person approves. How many times does the upstream run it? Then a repeat after it ran.
usage: waitdup28.py   needs: the agent's MCP bytes; one approver"""
import sys, os, json, subprocess, time, select, threading
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("waitdup")
up = d + "/up.py"
open(up, "w").write(f"""#!/usr/bin/python3
import sys, json
def send(o): sys.stdout.write(json.dumps(o) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    m = json.loads(line); meth = m.get("method"); mid = m.get("id")
    if meth == "initialize": send({{"jsonrpc": "2.0", "id": mid, "result": {{"protocolVersion": m["params"]["protocolVersion"], "capabilities": {{"tools": {{}}}}, "serverInfo": {{"name": "u", "version": "1"}}}}}})
    elif meth == "tools/list": send({{"jsonrpc": "2.0", "id": mid, "result": {{"tools": [{{"name": "wire", "description": "wire money", "inputSchema": {{"type": "object"}}}}]}}}})
    elif meth == "tools/call":
        open({d!r} + "/calls", "a").write(line)
        send({{"jsonrpc": "2.0", "id": mid, "result": {{"content": [{{"type": "text", "text": "wired"}}], "isError": False}}}})
    elif mid is not None: send({{"jsonrpc": "2.0", "id": mid, "result": {{}}}})
""")
os.chmod(up, 0o755)
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  mcp.bank.wire:\n    tier: 3\n    approvals: { required: 1, ttl: 1h }\n    params: { to: { type: string }, eur: { type: number } }\n")
p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "bank", "--agent", "bot", "--wait", "20s", "--", up],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"))
PROCS.append(p)
got = []
def reader():
    for l in p.stdout: got.append((round(time.time() - t0, 1), l.decode().strip()[:170]))
t0 = time.time(); threading.Thread(target=reader, daemon=True).start()
def send(o): p.stdin.write(json.dumps(o).encode() + b"\n"); p.stdin.flush()
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}})
time.sleep(0.8); send({"jsonrpc": "2.0", "method": "notifications/initialized"}); send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}); time.sleep(0.8)
args = {"name": "wire", "arguments": {"to": "ACME", "eur": 500}}
for i in range(4):
    send({"jsonrpc": "2.0", "id": 10 + i, "method": "tools/call", "params": args}); time.sleep(0.3)
time.sleep(1)
al = sh(["approvals", "list", "--db", d + "/fe.db", "--json"]); print("approvals:", al.stdout[:300].replace("\n", " "))
try:
    lst = json.loads(al.stdout); lst = lst if isinstance(lst, list) else lst.get("approvals", [])
except Exception: lst = []
for a in lst:
    if a.get("status", a.get("state")) in ("pending", None):
        r = sh(["approvals", "approve", str(a["approval_id"]), "--as", "alice", "--digest", a["digest"], "--db", d + "/fe.db", "--policy", pol]); print("approve", a["approval_id"], r.returncode, (r.stdout + r.stderr).strip()[:120])
time.sleep(4)
send({"jsonrpc": "2.0", "id": 20, "method": "tools/call", "params": args}); time.sleep(2)
for g in got: print(g)
p.stdin.close(); p.wait(timeout=10)
calls = open(d + "/calls").read().splitlines() if os.path.exists(d + "/calls") else []
print("approvals created:", len(lst), "upstream ran wire:", len(calls))
print("RESULT", "HOLE" if len(calls) > max(1, len([a for a in lst])) or (len(lst) == 1 and len(calls) > 1) else "held", f"{len(calls)} runs for {len(lst)} approval(s)")
cleanup()
