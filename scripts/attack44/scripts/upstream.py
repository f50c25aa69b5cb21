#!/usr/bin/env python3
# Minimal MCP stdio upstream: lists one tool `read`, answers every call.
import sys, json
for line in sys.stdin:
    try: m=json.loads(line)
    except Exception: continue
    if "id" not in m: continue
    meth=m.get("method"); r=None
    if meth=="initialize": r={"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"up","version":"1"}}
    elif meth=="tools/list": r={"tools":[{"name":"read","description":"read a thing","inputSchema":{"type":"object","properties":{"p":{"type":"string"}}},"annotations":{"readOnlyHint":True}}]}
    elif meth=="tools/call": r={"content":[{"type":"text","text":"done"}]}
    else: r={}
    sys.stdout.write(json.dumps({"jsonrpc":"2.0","id":m["id"],"result":r})+"\n"); sys.stdout.flush()
