import subprocess, json, sys
F="/work/attack45/foureyes"
p = subprocess.Popen([F,"--db","M.db","mcp-proxy","--name","fs","--policy","/work/attack45/scripts/mcp_policy.yaml","--","python3","/work/attack45/scripts/mcp_upstream.py"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
msgs=[{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}},
 {"jsonrpc":"2.0","method":"notifications/initialized"},
 {"jsonrpc":"2.0","id":2,"method":"tools/list"},
 {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t\u202e1","arguments":{}}},
 {"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"t1","arguments":{"k\u001b[2K":"v\u202e"}}},
 {"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"t\u043e1","arguments":{}}},
 {"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"t1\u0301","arguments":{}}},
 {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t1","arguments":{"x":1}, "_meta": {"k\u202e": 1}}}]
out,err = p.communicate("\n".join(json.dumps(m) for m in msgs).encode()+b"\n", timeout=60)
for l in out.decode().splitlines():
    d=json.loads(l)
    if d.get("id", 0) >= 3:
        t=json.dumps(d, ensure_ascii=False)
        raw=[hex(ord(c)) for c in t if c in "\u202e\u001b\u043e\u0301"]
        print(d["id"], "RAW" if raw else "ok", raw, t[:400])
print("stderr:", err.decode()[:800])
