#!/usr/bin/env python3
"""Drive `mcp-proxy --listen` (Streamable HTTP) with raw JSON bodies. Usage: drive_listen.py URL LINESFILE"""
import sys, json, time, urllib.request
url, lf = sys.argv[1:3]
sid = None
def post(body, timeout=30):
    global sid
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18"}
    if sid: h["mcp-session-id"] = sid
    req = urllib.request.Request(url, data=body, headers=h, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            sid = r.headers.get("mcp-session-id") or sid
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except Exception as e:
        return 0, repr(e)
init = [b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}', b'{"jsonrpc":"2.0","id":"l","method":"tools/list"}']
for l in init + [l.rstrip(b"\n") for l in open(lf, "rb") if l.strip()]:
    st, b = post(l)
    print(">>", l.decode(errors="replace")[:150]); print("<<", st, b.replace("\n", " ")[:300], flush=True)
