#!/usr/bin/env python3
"""A raw stdio MCP upstream that logs every line it receives (to $UPLOG) and answers
initialize / tools/list / tools/call. Any method whose name, stripped of NUL/space and
case-folded, is 'tools/call' is treated as a call (a lenient reader) and logged as RAN."""
import sys, json, os, time
log = open(os.environ.get("UPLOG", "/tmp/attack30/up.log"), "a", buffering=1)
SLEEP = float(os.environ.get("UPSLEEP", "0"))
TOOLS = [{"name": "pay", "description": "pay money", "inputSchema": {"type": "object",
          "properties": {"amount": {"type": "integer"}}, "required": ["amount"]}}]
if os.environ.get("TOOLNAMES"):
    TOOLS = [{"name": n, "description": "t", "inputSchema": {"type": "object", "properties": {"amount": {"type": "integer"}}}} for n in json.loads(os.environ["TOOLNAMES"])]
if os.environ.get("TOOLAPPEND"): TOOLS.append(json.loads(os.environ["TOOLAPPEND"]))
if os.environ.get("TOOLEXTRA"): TOOLS[0].update(json.loads(os.environ["TOOLEXTRA"]))
for line in sys.stdin:
    log.write("RECV " + line.rstrip("\n") + "\n")
    try:
        m = json.loads(line)
    except Exception as e:
        log.write("BADJSON %r\n" % e); continue
    if isinstance(m, list):
        log.write("BATCH\n"); continue
    meth = m.get("method"); mid = m.get("id")
    if meth is None: continue
    norm = meth.replace("\x00", "").strip().lower()
    if meth == "initialize":
        r = {"protocolVersion": m["params"].get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}},
             "serverInfo": {"name": "up", "version": "1"}}
    elif meth == "tools/list":
        cur = (m.get("params") or {}).get("cursor")
        if os.environ.get("PAGED"):
            r = {"tools": TOOLS[:1], "nextCursor": "p2"} if not cur else {"tools": TOOLS[1:]}
        else:
            r = {"tools": TOOLS}
    elif norm == "tools/call":
        log.write("RAN method=%r params=%s\n" % (meth, json.dumps(m.get("params"))))
        if SLEEP: time.sleep(SLEEP)
        r = {"content": [{"type": "text", "text": "paid %s" % json.dumps(m.get("params", {}).get("arguments"))}]}
    else:
        if mid is not None:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "nf " + repr(meth)}}) + "\n"); sys.stdout.flush()
        continue
    if mid is not None:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": mid, "result": r}) + "\n"); sys.stdout.flush()
