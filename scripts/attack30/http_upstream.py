#!/usr/bin/env python3
"""Minimal Streamable-HTTP MCP upstream on PORT (/mcp, JSON answers). tools/call of pay(amount) logs RAN, then answers
according to amount: 400/404/409/429/500/502/503 -> that HTTP status; 1xxx -> JSON-RPC error code -(amount-1000)*... see MODES."""
import sys, json, os
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
LOG = open(os.environ.get("UPLOG", "/tmp/attack30/uphttp.log"), "a", buffering=1)
ERR = {1: -32600, 2: -32601, 3: -32602, 4: -32603, 5: -32000, 6: -32700, 7: -32002}
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def ans(self, st, obj=None):
        b = json.dumps(obj).encode() if obj is not None else b""
        self.send_response(st); self.send_header("content-type", "application/json"); self.send_header("mcp-session-id", "s1")
        self.send_header("content-length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def do_GET(self): self.ans(405)
    def do_DELETE(self): self.ans(200)
    def do_POST(self):
        m = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)))
        meth, mid = m.get("method"), m.get("id")
        if mid is None: return self.ans(202)
        if meth == "initialize":
            return self.ans(200, {"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "h", "version": "1"}}})
        if meth == "tools/list":
            return self.ans(200, {"jsonrpc": "2.0", "id": mid, "result": {"tools": [{"name": "pay", "description": "pay", "inputSchema": {"type": "object", "properties": {"amount": {"type": "integer"}}}}]}})
        if meth == "tools/call":
            a = m["params"]["arguments"]["amount"]; LOG.write("RAN amount=%d\n" % a)
            if a >= 1000: return self.ans(200, {"jsonrpc": "2.0", "id": mid, "error": {"code": ERR[a - 1000], "message": "after acting"}})
            if a == 999: self.connection.close(); return
            if a == 777: return self.ans(200, {"jsonrpc": "2.0", "id": "other", "result": {"content": []}})
            if a == 778: return self.ans(200)
            if a == 779: return self.ans(202)
            if a == 780: return self.ans(200, [])
            if a == 781: return self.ans(204)
            if a == 782: return self.ans(200, {"jsonrpc": "2.0", "method": "notifications/message", "params": {}})
            if a == 783:
                self.send_response(200); self.send_header("content-type", "text/event-stream"); self.end_headers()
                self.wfile.write(b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n"); self.wfile.flush(); self.connection.close(); return
            if a == 784: return self.ans(307)
            if a == 785: return self.ans(301)
            if a == 786: return self.ans(100)
            return self.ans(a, {"error": "x"})
        return self.ans(200, {"jsonrpc": "2.0", "id": mid, "result": {}})
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
