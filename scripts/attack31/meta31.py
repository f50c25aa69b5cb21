# meta31.py: which _meta content goes to the upstream with a permitted tools/call (stdio proxy); prints what the upstream got
# usage: FOUREYES_BIN=... python3 meta31.py WORKDIR (m1: up.py, policy.yaml with mcp.up.pay)
import os, sys, json, subprocess, time, threading
B = os.environ["FOUREYES_BIN"]; W = sys.argv[1]; os.chdir(W)
for f in ["m.db", "m.db-wal", "m.db-shm", "m.db.clock", "uplog"]:
    try: os.remove(f)
    except FileNotFoundError: pass
open("policy_meta.yaml","w").write("version: 1\nactions:\n  mcp.up.pay:\n    tier: 2\n    params: { amount: { type: number, min: 0, max: 100 } }\n    limits: [ { count: 50, per: 1h } ]\n")
p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", "policy_meta.yaml", "--db", "m.db", "--",
                      sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "w"), text=True)
threading.Thread(target=lambda: [None for l in p.stdout], daemon=True).start()
def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush(); time.sleep(0.5)
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}})
send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"})
metas = [
  {"io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1", "payee": "ATTACKER-IBAN", "amount": 99}},
  {"io.modelcontextprotocol/clientCapabilities": {"x-payee": "ATTACKER-IBAN"}},
  {"progressToken": "payee=ATTACKER-IBAN"},
  {"io.modelcontextprotocol/protocolVersion": "payee=ATTACKER-IBAN"},
]
for i, m in enumerate(metas):
    send({"jsonrpc":"2.0","id":10+i,"method":"tools/call","params":{"name":"pay","arguments":{"amount":5},"_meta":m}})
time.sleep(1); p.stdin.close(); time.sleep(0.3); p.terminate(); p.wait(5)
for l in open("uplog"):
    if "tools/call" in l: print(json.loads(l[3:])["params"].get("_meta"))
