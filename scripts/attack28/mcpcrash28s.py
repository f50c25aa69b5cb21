"""Hole #2 through the *remote* MCP proxy (`mcp-proxy --server URL --token T`, F1001): the proxy is killed -9 while its
forwarded call runs; a new proxy session after the server's report_within: is the next call forwarded (the first may
have run)? Then `foureyes unconfirmed` on the server's database, and an admin settles it through the server.
usage: mcpcrash28s.py   needs: the agent's MCP bytes; kill -9 of the proxy (the agent's own process)"""
import sys, os, json, subprocess, time, select, signal
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("mcpcrash28s")
up = d + "/up.py"
open(up, "w").write(f"""#!/usr/bin/python3
import sys, json, time, threading
def send(o): sys.stdout.write(json.dumps(o) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    m = json.loads(line); meth = m.get("method"); mid = m.get("id")
    if meth == "initialize": send({{"jsonrpc": "2.0", "id": mid, "result": {{"protocolVersion": m["params"]["protocolVersion"], "capabilities": {{"tools": {{}}}}, "serverInfo": {{"name": "u", "version": "1"}}}}}})
    elif meth == "tools/list": send({{"jsonrpc": "2.0", "id": mid, "result": {{"tools": [{{"name": "pay", "description": "pay", "inputSchema": {{"type": "object"}}}}]}}}})
    elif meth == "tools/call":
        open({d!r} + "/calls", "a").write(line); time.sleep(3)
        send({{"jsonrpc": "2.0", "id": mid, "result": {{"content": [], "isError": False}}}})
    elif mid is not None: send({{"jsonrpc": "2.0", "id": mid, "result": {{}}}})
""")
os.chmod(up, 0o755)
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\ndefaults:\n  report_within: 2s\nactions:\n  mcp.shop.pay:\n    tier: 2\n    limits: [{ count: 1, per: 1h }]\n    params: { to: { type: string } }\n")
agent = token(d, "bot", "agent")
admin = token(d, "root", "admin")
srv = Serve(d, pol)
def session(to, kill_after=None):
    p = subprocess.Popen([BIN, "mcp-proxy", "--server", srv.url(""), "--token", agent, "--name", "shop", "--", up],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"), start_new_session=True)
    PROCS.append(p)
    def send(o): p.stdin.write(json.dumps(o).encode() + b"\n"); p.stdin.flush()
    def recv(t):
        r, _, _ = select.select([p.stdout], [], [], t)
        return p.stdout.readline().decode().strip()[:200] if r else None
    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}); recv(3)
    send({"jsonrpc": "2.0", "method": "notifications/initialized"}); send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}); recv(3)
    send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "pay", "arguments": {"to": to}}})
    if kill_after:
        time.sleep(kill_after); os.killpg(p.pid, signal.SIGKILL); p.wait(); return "killed"
    a = recv(8); p.stdin.close(); p.wait(timeout=10); return a
print("session 1:", session("a", kill_after=1.0))
time.sleep(3)
print("session 2:", session("b"))
calls = open(d + "/calls").read().splitlines() if os.path.exists(d + "/calls") else []
u = sh(["unconfirmed", "--db", d + "/fe.db", "--policy", pol]); print("unconfirmed:", u.returncode, u.stdout.strip()[:300])
st, body = call(srv.url("/v1/decisions/1/report"), admin, {"outcome": "executed", "detail": {"note": "the payee has it"}})
print("admin settles decision 1:", st, body.get("status") if isinstance(body, dict) else body)
print("upstream pay calls:", len(calls))
print("RESULT", "HOLE" if len(calls) >= 2 else "held", f"{len(calls)} runs vs count 1")
cleanup()
