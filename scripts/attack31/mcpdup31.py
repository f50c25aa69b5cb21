# mcpdup31.py: one identical tools/call sent several times (different JSON-RPC ids) to the stdio proxy while the first is
# still running upstream (UP_SLEEP s), then again after it answered. Claim: one request id reaches the upstream at most once.
# usage: FOUREYES_BIN=... python3 mcpdup31.py WORKDIR [extra proxy args...]
import os, sys, json, subprocess, time, threading
B = os.environ["FOUREYES_BIN"]; W = sys.argv[1]; os.chdir(W); extra = sys.argv[2:]
for f in ["m.db", "m.db-wal", "m.db-shm", "m.db.clock", "uplog"]:
    try: os.remove(f)
    except FileNotFoundError: pass
env = dict(os.environ, UP_SLEEP=os.environ.get("UP_SLEEP", "2"))
p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", "policy.yaml", "--db", "m.db", *extra, "--",
                      sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "w"), text=True, env=env)
out = []
threading.Thread(target=lambda: [out.append(l) for l in p.stdout], daemon=True).start()
def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush()
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}); time.sleep(0.5)
send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"}); time.sleep(0.8)
call = {"name":"pay","arguments":{"amount":7}}
for i in range(10, 14): send({"jsonrpc":"2.0","id":i,"method":"tools/call","params":call}); time.sleep(0.1)
time.sleep(float(env["UP_SLEEP"]) * 4 + 1)
for i in range(20, 22): send({"jsonrpc":"2.0","id":i,"method":"tools/call","params":call}); time.sleep(0.5)
time.sleep(float(env["UP_SLEEP"]) + 1.5)
p.stdin.close(); time.sleep(0.5); p.terminate(); p.wait(5)
n = sum(1 for l in open("uplog") if '"tools/call"' in l)
print(f"identical calls sent: 6; reached the upstream: {n}")
for l in out[2:]:
    try: d = json.loads(l)
    except Exception: continue
    r = d.get("result") or {}; t = (r.get("content") or [{}])[0].get("text", "") if isinstance(r, dict) else ""
    print("  id", d.get("id"), (t or json.dumps(d.get("error")))[:130])
