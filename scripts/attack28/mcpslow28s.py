"""Hole #1 through the *remote* MCP proxy (`mcp-proxy --server URL --token T`, F1001): an upstream tool slower than the
server's report_within; a second call of it while the first runs. As mcpslow28.py, with `foureyes serve` deciding.
usage: mcpslow28s.py [slow_s] [executor]   needs: the agent's MCP bytes (a slow upstream tool), an agent token"""
import sys, os, json, subprocess, time, select
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
slow = sys.argv[1] if len(sys.argv) > 1 else "6"
with_executor = len(sys.argv) > 2 and sys.argv[2] == "executor"
d = fresh("mcpslow28s")
up = d + "/up.py"
open(up, "w").write(f"""#!/usr/bin/python3
import sys, json, time, threading
lock = threading.Lock()
def send(o):
    with lock: sys.stdout.write(json.dumps(o) + "\\n"); sys.stdout.flush()
def call(m):
    open({d!r} + "/calls", "a").write(json.dumps(m) + "\\n")
    time.sleep({slow})
    send({{"jsonrpc": "2.0", "id": m["id"], "result": {{"content": [{{"type": "text", "text": "paid"}}], "isError": False}}}})
for line in sys.stdin:
    m = json.loads(line); meth = m.get("method"); mid = m.get("id")
    if meth == "initialize": send({{"jsonrpc": "2.0", "id": mid, "result": {{"protocolVersion": m["params"]["protocolVersion"], "capabilities": {{"tools": {{}}}}, "serverInfo": {{"name": "u", "version": "1"}}}}}})
    elif meth == "tools/list": send({{"jsonrpc": "2.0", "id": mid, "result": {{"tools": [{{"name": "pay", "description": "pay", "inputSchema": {{"type": "object"}}}}]}}}})
    elif meth == "tools/call": threading.Thread(target=call, args=(m,), daemon=True).start()
    elif mid is not None: send({{"jsonrpc": "2.0", "id": mid, "result": {{}}}})
""")
os.chmod(up, 0o755)
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\ndefaults:\n  report_within: 2s\nactions:\n  mcp.shop.pay:\n    tier: 2\n    limits: [{ count: 1, per: 1h }]\n    params: { to: { type: string } }\n")
agent = token(d, "bot", "agent")
extra = []
if with_executor:
    extra = ["--executor-token", token(d, "runner", "executor", ["--for", "bot"])]
srv = Serve(d, pol)
p = subprocess.Popen([BIN, "mcp-proxy", "--server", srv.url(""), "--token", agent] + extra + ["--name", "shop", "--", up],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"))
PROCS.append(p)
def send(o): p.stdin.write(json.dumps(o).encode() + b"\n"); p.stdin.flush()
got = []
def drain(t):
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([p.stdout], [], [], 0.2)
        if r:
            l = p.stdout.readline()
            if not l: return
            got.append((round(time.time() - t0, 1), l.decode().strip()[:160]))
t0 = time.time()
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}})
drain(1); send({"jsonrpc": "2.0", "method": "notifications/initialized"})
send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}); drain(1)
t0 = time.time()
send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "pay", "arguments": {"to": "a"}}})
drain(3.5)
send({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "pay", "arguments": {"to": "b"}}})
drain(float(slow) + 3)
for g in got: print(g)
p.stdin.close(); p.wait(timeout=10)
st, first = call(srv.url("/v1/decisions/1"), agent)
print("decision 1:", st, first.get("status") if isinstance(first, dict) else first)
calls = open(d + "/calls").read().splitlines() if os.path.exists(d + "/calls") else []
print("upstream ran pay:", len(calls))
print("RESULT", "HOLE" if len(calls) >= 2 else "held", f"{len(calls)} runs against count 1")
cleanup()
