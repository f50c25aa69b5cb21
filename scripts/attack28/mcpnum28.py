"""MCP proxy: tool arguments whose number text and value differ (2^53+1, 1e400, 0.1000000000000000001, -0, 1E2).
What does the upstream receive vs what the journal decided? usage: mcpnum28.py   needs: the agent's MCP bytes"""
import sys, os, json, subprocess, time, select
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("mcpnum")
srv = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpsrv28.py")
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  mcp.fs.act:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n    params: { n: { type: number } }\n")
p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "fs", "--agent", "bot", "--no-pin-tools", "--", srv, "ok", d + "/calls"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"))
PROCS.append(p)
def send(s): p.stdin.write(s.encode() + b"\n"); p.stdin.flush()
def recv(t=3):
    r, _, _ = select.select([p.stdout], [], [], t)
    return p.stdout.readline().decode().strip() if r else None
send('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}'); recv()
send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
nums = ["9007199254740993", "1e400", "0.1000000000000000001", "-0", "1E2", "123456789012345678901234567890"]
for i, n in enumerate(nums):
    c0 = len(open(d + "/calls").read().splitlines()) if os.path.exists(d + "/calls") else 0
    send('{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"act","arguments":{"n":%s}}}' % (10 + i, n))
    a = recv(4)
    calls = open(d + "/calls").read().splitlines()[c0:] if os.path.exists(d + "/calls") else []
    import re
    sent = re.search(r'"n":\s*([^,}]+)', calls[0]).group(1) if calls else "-"
    print(f"client {n:32s} upstream got n={sent:26s} answer: {(a or '')[:110]}")
p.stdin.close(); p.wait(timeout=10)
ev = sh(["journal", "export", d + "/ev.jsonl", "--db", d + "/fe.db"])
for l in open(d + "/ev.jsonl"):
    e = json.loads(l)
    if e["kind"] == "decided": print("journal decided params:", json.dumps(e["data"].get("request", e["data"]).get("params", ""))[:80] if isinstance(e["data"], dict) else "")
cleanup()
