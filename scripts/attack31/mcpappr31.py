# mcpappr31.py: an approved MCP call, repeated concurrently (3x while the upstream is slow) and again later, through the stdio
# proxy; the approval is given by a person (CLI) between. Claim: the approved call reaches the upstream exactly once.
# usage: FOUREYES_BIN=... python3 mcpappr31.py WORKDIR POLICY
import os, sys, json, subprocess, time, threading
B = os.environ["FOUREYES_BIN"]; W, POL = sys.argv[1], sys.argv[2]; os.chdir(W)
for f in ["m.db", "m.db-wal", "m.db-shm", "m.db.clock", "uplog"]:
    try: os.remove(f)
    except FileNotFoundError: pass
env = dict(os.environ, UP_SLEEP="2")
p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", POL, "--db", "m.db", "--",
                      sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "w"), text=True, env=env)
out = []
threading.Thread(target=lambda: [out.append(l) for l in p.stdout], daemon=True).start()
def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush()
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}); time.sleep(0.5)
send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"}); time.sleep(0.8)
call = {"name":"pay","arguments":{"amount":7}}
send({"jsonrpc":"2.0","id":10,"method":"tools/call","params":call}); time.sleep(1)
a = json.loads(subprocess.run([B, "--db", "m.db", "approvals", "list", "--json"], capture_output=True, text=True).stdout or "[]")
a = a if isinstance(a, list) else a.get("approvals", [])
aid, dig = a[0]["approval_id"], a[0]["digest"]
r = subprocess.run([B, "--db", "m.db", "--policy", POL, "approvals", "approve", str(aid), "--as", "alice", "--digest", dig], capture_output=True, text=True)
print("approve:", r.returncode, r.stdout.strip()[:100], r.stderr.strip()[:100])
for i in range(11, 14): send({"jsonrpc":"2.0","id":i,"method":"tools/call","params":call}); time.sleep(0.05)
time.sleep(5)
for i in range(20, 22): send({"jsonrpc":"2.0","id":i,"method":"tools/call","params":call}); time.sleep(0.3)
time.sleep(4)
p.stdin.close(); time.sleep(0.5); p.terminate(); p.wait(5)
n = sum(1 for l in open("uplog") if '"tools/call"' in l)
print(f"approved call: reached the upstream {n} time(s) (want 1)")
for l in out[2:]:
    try: d = json.loads(l)
    except Exception: continue
    r = d.get("result") or {}; t = (r.get("content") or [{}])[0].get("text", "") if isinstance(r, dict) else ""
    print("  id", d.get("id"), (t or json.dumps(d.get("error")))[:140])
