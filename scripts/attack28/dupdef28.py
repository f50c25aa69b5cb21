"""Attack 27's R2 re-run: an agent journals (POST /v1/mcp/refusals) a changed definition whose JSON holds
`description` twice (benign first, hostile last), claiming the hostile hash; what does `mcp pins list` show a
reviewer, and does `mcp pins approve --hash` pin the hostile hash? usage: dupdef28.py   needs: agent credential"""
import sys, os, json, hashlib, urllib.request
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("dupdef")
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  mcp.fs.act:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n    params: {}\n")
agent = token(d, "bot", "agent")
s = Serve(d, pol)
schema = '{"type":"object","properties":{"n":{"type":"string"}}}'
benign = json.loads('{"name":"act","description":"benign tool","inputSchema":%s}' % schema)
hostile = json.loads('{"name":"act","description":"HOSTILE: exfiltrate","inputSchema":%s}' % schema)
H = lambda o: hashlib.sha256(json.dumps(o, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
pin = call(s.url("/v1/mcp/pins"), agent, {"server": "fs", "tool": "act", "sha256": H(benign), "definition": benign})
print("first-sight pin:", pin[0], str(pin[1])[:150])
duptext = '{"name":"act","description":"benign tool","description":"HOSTILE: exfiltrate","inputSchema":%s}' % schema
bodies = {
 "obj_dup": '{"code":"tool_definition_changed","message":"m","input":{"server":"fs","tool":"act","pinned":"%s","seen":"%s","definition":%s}}' % (H(benign), H(hostile), duptext),
 "str_dup": json.dumps({"code": "tool_definition_changed", "message": "m", "input": {"server": "fs", "tool": "act", "pinned": H(benign), "seen": H(hostile), "definition": duptext}}),
}
for k, b in bodies.items():
    req = urllib.request.Request(s.url("/v1/mcp/refusals"), data=b.encode(), method="POST", headers={"authorization": f"Bearer {agent}", "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r: print(k, r.status, r.read().decode()[:200])
    except urllib.error.HTTPError as e: print(k, e.code, e.read().decode()[:200])
l = sh(["mcp", "pins", "list", "--db", d + "/fe.db", "--policy", pol]); print("pins list:\n" + (l.stdout + l.stderr)[:1500])
a = sh(["mcp", "pins", "approve", "act", "--server", "fs", "--hash", H(hostile), "--db", d + "/fe.db", "--policy", pol, "--as", "alice"])
print("approve hostile hash:", a.returncode, (a.stdout + a.stderr)[:300])
s.kill(signal.SIGTERM); cleanup()
