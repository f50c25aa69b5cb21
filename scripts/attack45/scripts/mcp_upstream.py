import sys, json
for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m: continue
    meth = m.get("method")
    if meth == "initialize": r = {"protocolVersion": "2025-03-26", "capabilities": {"tools": {}}, "serverInfo": {"name": "up", "version": "1"}}
    elif meth == "tools/list": r = {"tools": [{"name": "t1", "description": "d", "inputSchema": {"type": "object"}}]}
    elif meth == "tools/call": r = {"content": [{"type": "text", "text": "ran"}]}
    else: r = {}
    print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
