"""Kill switch engaged after a person approved, before the release: (a) POST /v1/execute re-sent; (b) MCP proxy
--wait holding the call, the switch engaged, then the approval given. Nothing may run. usage: killsw28.py
needs: agent credential / MCP bytes; 1 approver; the admin engages the switch"""
import sys, os, json, subprocess, time, threading
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("killsw")
t = Target(lambda p, h, b, c: ok(c))
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  pay.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ n: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/p", success: {{ status: [200] }}, timeout: 5s }}
  mcp.bank.wire:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{}}
""")
agent = token(d, "bot", "agent"); appr = token(d, "alice", "approver")
s = Serve(d, pol)
b = {"request_id": "k1", "action": "pay.big", "params": {"n": "1"}}
r = call(s.url("/v1/execute"), agent, b); aid = r[1]["approval_id"]
dig = call(s.url(f"/v1/approvals/{aid}"), appr)[1]["digest"]
print("approve:", call(s.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": dig})[0])
print("kill-switch on:", sh(["kill-switch", "on", "--db", d + "/fe.db", "--policy", pol]).returncode)
time.sleep(0.3)
r = call(s.url("/v1/execute"), agent, b); o = r[1] if isinstance(r[1], dict) else {}
print("(a) release under the switch:", r[0], o.get("verdict"), o.get("ran"), [x["code"] for x in o.get("reasons", [])])
a_hits = len(t.hits)
print("kill-switch off:", sh(["kill-switch", "off", "--db", d + "/fe.db", "--policy", pol]).returncode)
s.kill(signal.SIGTERM)
# (b) proxy --wait
up = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpup28.py")
os.makedirs(d + "/up", exist_ok=True); open(d + "/up/s0", "w").close()
upw = d + "/upw.py"
open(upw, "w").write(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpsrv28.py")).read())
os.chmod(upw, 0o755)
p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "bank", "--agent", "bot", "--no-pin-tools", "--wait", "15s", "--", upw, "ok", d + "/wcalls"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"))
PROCS.append(p)
got = []
threading.Thread(target=lambda: [got.append(l.decode().strip()[:200]) for l in p.stdout], daemon=True).start()
def send(o): p.stdin.write(json.dumps(o).encode() + b"\n"); p.stdin.flush()
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}})
time.sleep(0.8); send({"jsonrpc": "2.0", "method": "notifications/initialized"})
send({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "wire", "arguments": {}}}); time.sleep(1.5)
al = json.loads(sh(["approvals", "list", "--db", d + "/fe.db", "--json"]).stdout)
pend = [a for a in al if a.get("status") == "pending" or a.get("decision_id") != 1]
print("kill-switch on:", sh(["kill-switch", "on", "--db", d + "/fe.db", "--policy", pol]).returncode)
for a in al:
    if a["approval_id"] != aid:
        print("approve", a["approval_id"], sh(["approvals", "approve", str(a["approval_id"]), "--as", "alice", "--digest", a["digest"], "--db", d + "/fe.db", "--policy", pol]).returncode)
time.sleep(5)
p.stdin.close(); p.wait(timeout=20)
wc = len(open(d + "/wcalls").read().splitlines()) if os.path.exists(d + "/wcalls") else 0
print("(b) proxy answers:", [g for g in got if '"id":7' in g.replace(" ", "")][:1])
print("RESULT", "HOLE" if a_hits or wc else "held", f"execute ran {a_hits}, proxy forwarded {wc}")
cleanup()
