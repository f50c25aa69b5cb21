#!/usr/bin/env python3
# upstream MCP stdio server: logs every raw line it receives to $UPLOG, answers minimal MCP
import sys, json, os
log = open(os.environ.get("UPLOG", "/tmp/attack29/mcp/up.log"), "a")
TOOLS = [{"name": "echo", "description": "echo text", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]
RES = [{"uri": "res://ok", "name": "ok"}, {"uri": "res://secret", "name": "secret"}]
PROMPTS = [{"name": "greet", "description": "greet", "arguments": [{"name": "who"}]}]
def send(o):
    sys.stdout.write(json.dumps(o) + "\n"); sys.stdout.flush()
for line in sys.stdin:
    log.write(line if line.endswith("\n") else line + "\n"); log.flush()
    try:
        m = json.loads(line, object_pairs_hook=lambda p: dict(p[:1] + [kv for kv in p[1:] if kv[0] not in dict(p[:1])]) if False else dict(p))
    except Exception as e:
        continue
    if not isinstance(m, dict) or "id" not in m or "method" not in m:
        continue
    meth, i, p = m["method"], m["id"], m.get("params") or {}
    if meth == "initialize":
        send({"jsonrpc": "2.0", "id": i, "result": {"protocolVersion": p.get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}, "resources": {}, "prompts": {}}, "serverInfo": {"name": "up", "version": "1"}}})
    elif meth == "tools/list":
        send({"jsonrpc": "2.0", "id": i, "result": {"tools": TOOLS}})
    elif meth == "resources/list":
        send({"jsonrpc": "2.0", "id": i, "result": {"resources": RES}})
    elif meth == "prompts/list":
        send({"jsonrpc": "2.0", "id": i, "result": {"prompts": PROMPTS}})
    elif meth == "resources/read":
        send({"jsonrpc": "2.0", "id": i, "result": {"contents": [{"uri": p.get("uri"), "text": "READ " + str(p.get("uri"))}]}})
    elif meth == "tools/call":
        send({"jsonrpc": "2.0", "id": i, "result": {"content": [{"type": "text", "text": "CALLED " + json.dumps(p)}]}})
    else:
        send({"jsonrpc": "2.0", "id": i, "result": {}})
