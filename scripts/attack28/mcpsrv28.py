#!/usr/bin/python3
"""a stdio MCP server whose tools/call behaviour is argv[1]; records each call in argv[2]"""
import sys, json, time
mode, rec = sys.argv[1], sys.argv[2]
def send(o): sys.stdout.write(json.dumps(o) + "\n"); sys.stdout.flush()
for line in sys.stdin:
    try: m = json.loads(line)
    except Exception: continue
    meth, mid = m.get("method"), m.get("id")
    if meth == "initialize":
        send({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": m["params"].get("protocolVersion", "2025-03-26"), "capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}})
    elif meth == "tools/list":
        send({"jsonrpc": "2.0", "id": mid, "result": {"tools": [{"name": "act", "description": "does it", "inputSchema": {"type": "object", "properties": {"n": {"type": "string"}}}}]}})
    elif meth == "tools/call":
        open(rec, "a").write(json.dumps(m) + "\n")
        if mode == "ok": send({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": "done"}], "isError": False}})
        elif mode == "iserror": send({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": "boom"}], "isError": True}})
        elif mode.startswith("err"): send({"jsonrpc": "2.0", "id": mid, "error": {"code": int(mode[3:]), "message": "x"}})
        elif mode == "exit": sys.exit(0)
        elif mode == "exit1": sys.exit(1)
        elif mode == "garbage": sys.stdout.write("not json\n"); sys.stdout.flush(); time.sleep(30)
        elif mode == "wrongid": send({"jsonrpc": "2.0", "id": 99999, "result": {"content": [], "isError": False}}); time.sleep(30)
        elif mode == "idstr": send({"jsonrpc": "2.0", "id": str(mid), "result": {"content": [], "isError": False}}); time.sleep(30)
        elif mode == "hang": time.sleep(60)
        elif mode == "noresult": send({"jsonrpc": "2.0", "id": mid}); time.sleep(30)
        elif mode == "both": send({"jsonrpc": "2.0", "id": mid, "result": {"content": [], "isError": False}, "error": {"code": -32602, "message": "x"}})
        elif mode == "errdup": sys.stdout.write('{"jsonrpc": "2.0", "id": %s, "result": {"content": [], "isError": false}, "result": {"content": [], "isError": true}}\n' % json.dumps(mid)); sys.stdout.flush()
    elif mid is not None:
        send({"jsonrpc": "2.0", "id": mid, "result": {}})
