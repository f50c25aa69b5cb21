#!/usr/bin/env python3
# upstream whose tools/list bytes are read from the file $LISTFILE at each call (raw JSON text of the tools array)
import sys, json, os
LF = os.environ["LISTFILE"]; log = open(os.environ.get("UPLOG", "/tmp/attack29/mcp/up2.log"), "a")
def send(s): sys.stdout.write(s + "\n"); sys.stdout.flush()
for line in sys.stdin:
    log.write(line); log.flush()
    m = json.loads(line)
    if "id" not in m or "method" not in m: continue
    i = json.dumps(m["id"]); meth = m["method"]
    if meth == "initialize":
        send('{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"u","version":"1"}}}' % i)
    elif meth == "tools/list":
        send('{"jsonrpc":"2.0","id":%s,"result":{"tools":%s}}' % (i, open(LF).read().strip()))
    elif meth == "tools/call":
        send('{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"ran"}]}}' % i)
    else:
        send('{"jsonrpc":"2.0","id":%s,"result":{}}' % i)
