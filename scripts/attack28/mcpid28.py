"""MCP proxy (embedded, stdio): a pinned tool's changed listing answered under the client's id re-spelt
(2 → 2.0, 2e0, 20e-1, "2", a \\u-escaped string id). Does the changed definition reach the client? Does a call of it
run? usage: mcpid28.py [spell ...]   needs: the upstream's bytes"""
import sys, os, json, subprocess, time, select
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
UP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpup28.py")
spells = sys.argv[1:] or ["float", "exp", "frac", "str", "big", "esc"]
def session(d, pol, env, ids):
    p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "fs", "--agent", "bot", "--", UP, d + "/up"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"), env=env)
    PROCS.append(p)
    got = []
    def send(o): p.stdin.write((json.dumps(o) if isinstance(o, dict) else o).encode() + b"\n"); p.stdin.flush()
    def recv(timeout=5):
        r, _, _ = select.select([p.stdout], [], [], timeout)
        if not r: return None
        l = p.stdout.readline(); got.append(l.decode()); return l.decode()
    send({"jsonrpc": "2.0", "id": ids[0], "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}})
    recv()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": ids[1], "method": "tools/list", "params": {}})
    lst = recv(6)
    send({"jsonrpc": "2.0", "id": ids[2], "method": "tools/call", "params": {"name": "act", "arguments": {"n": "x"}}})
    cl = recv(6)
    p.stdin.close(); p.wait(timeout=10)
    return lst, cl
for spell in spells:
    d = fresh("mcpid-" + spell)
    pol = d + "/p.yaml"
    open(pol, "w").write("version: 1\nactions:\n  mcp.fs.act:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n    params: { n: { type: string } }\n")
    env = dict(os.environ, IDSPELL=spell)
    ids = [0, 1, 2] if spell != "esc" else ["i0", "i1", "i2"]
    l1, c1 = session(d, pol, env, ids)
    l2, c2 = session(d, pol, env, ids)
    calls = len(open(d + "/up/calls").read().splitlines()) if os.path.exists(d + "/up/calls") else 0
    hostile = l2 is not None and "HOSTILE" in l2
    print(f"{spell:6s} session2 listing -> {str(l2)[:130].strip()!r}\n       call -> {str(c2)[:130].strip()!r} upstream calls total {calls}",
          "<-- HOSTILE LISTING DELIVERED" if hostile else "")
    j = sh(["mcp", "pins", "list", "--db", d + "/fe.db", "--policy", pol]); print("       pins:", (j.stdout + j.stderr).replace("\n", " | ")[:200])
cleanup()
