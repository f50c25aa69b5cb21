"""The same smuggling over `mcp-proxy --listen` (Streamable HTTP, one stdio child per session).
usage: mcplisten28.py   needs: the agent's MCP bytes"""
import sys, os, json, subprocess, time, urllib.request
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
import mcpsmug28 as M
UP = M.UP
d = fresh("mcplisten")
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  mcp.fs.safe:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n    params: {}\n  mcp.fs.danger:\n    tier: 3\n    params: {}\n")
os.makedirs(d + "/up", exist_ok=True); open(d + "/up/s0", "w").close()
port = free_port()
p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "fs", "--agent", "bot", "--no-pin-tools", "--listen", f"127.0.0.1:{port}", "--", UP, d + "/up"],
                     stdout=open(d + "/proxy.out", "ab"), stderr=open(d + "/proxy.err", "ab"))
PROCS.append(p); time.sleep(1.5)
def post(body, sid=None):
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if sid: h["mcp-session-id"] = sid
    req = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=body.encode(), method="POST", headers=h)
    try:
        with urllib.request.urlopen(req, timeout=10) as r: return r.status, r.headers.get("mcp-session-id"), r.read().decode()
    except urllib.error.HTTPError as e: return e.code, None, e.read().decode()
    except Exception as e: return None, None, repr(e)
holes = []
for c, body in M.CASES.items():
    st, sid, b = post('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}')
    post('{"jsonrpc":"2.0","method":"notifications/initialized"}', sid)
    n0 = len(open(d + "/up/calls").read().splitlines()) if os.path.exists(d + "/up/calls") else 0
    st2, _, b2 = post(body, sid)
    time.sleep(0.3)
    calls = open(d + "/up/calls").read().splitlines()[n0:] if os.path.exists(d + "/up/calls") else []
    reached = [l for l in calls if "danger" in l or "d\\u0061nger" in l]
    print(f"{c:12s} http {st2} upstream got danger: {len(reached)}  answer: {b2[:100].strip()!r}")
    if reached: holes.append(c)
print("RESULT", ("HOLE " + str(holes)) if holes else "held", f"{len(holes)} of {len(M.CASES)}")
cleanup()
