#!/usr/bin/env python3
# Streamable-HTTP MCP server whose answer to tools/call is chosen by the URL path /mcp/<mode>; logs each tools/call.
import sys, os, json, time, socket, struct
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
LOG = os.environ.get("HITLOG", "/tmp/attack29/mcph/calls.log")
TOOL = {"name": "act", "description": "acts", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}}
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def send(self, code, obj=None, hdrs=(), raw=None, ctype="application/json"):
        data = raw if raw is not None else (json.dumps(obj).encode() if obj is not None else b"")
        self.send_response(code)
        for k, v in hdrs: self.send_header(k, v)
        if data or code not in (202, 204): self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def do_GET(self): self.send(405, {"error": "no"})
    def do_DELETE(self): self.send(200, {})
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0); m = json.loads(self.rfile.read(n))
        mode = self.path.split("/")[-1]
        meth, i = m.get("method"), m.get("id")
        if meth == "initialize":
            return self.send(200, {"jsonrpc": "2.0", "id": i, "result": {"protocolVersion": m["params"].get("protocolVersion"), "capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}}, [("mcp-session-id", "s1")])
        if i is None: return self.send(202)
        if meth == "tools/list":
            return self.send(200, {"jsonrpc": "2.0", "id": i, "result": {"tools": [TOOL]}})
        if meth == "tools/call":
            with open(LOG, "a") as f: f.write("%.3f %s %s\n" % (time.time(), mode, json.dumps(m.get("params"))))
            ok = {"jsonrpc": "2.0", "id": i, "result": {"content": [{"type": "text", "text": "done"}], "isError": False}}
            if mode == "ok": return self.send(200, ok)
            if mode == "r307": return self.send(307, None, [("location", "/mcp/ok")])
            if mode == "r302": return self.send(302, None, [("location", "/mcp/ok")])
            if mode == "a202": return self.send(202)
            if mode == "n204": return self.send(204)
            if mode == "e32601": return self.send(200, {"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "Method not found"}})
            if mode == "e32602": return self.send(200, {"jsonrpc": "2.0", "id": i, "error": {"code": -32602, "message": "Unknown tool"}})
            if mode == "e32600": return self.send(200, {"jsonrpc": "2.0", "id": i, "error": {"code": -32600, "message": "bad"}})
            if mode == "wrongid": return self.send(200, {"jsonrpc": "2.0", "id": 999, "result": ok["result"]})
            if mode == "strid": return self.send(200, {"jsonrpc": "2.0", "id": str(i), "result": ok["result"]})
            if mode == "nullid": return self.send(200, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse"}})
            if mode == "sse4": return self.send(200, raw=("event: message\ndata: " + json.dumps({"jsonrpc":"2.0","id":i,"error":{"code":-32602,"message":"x"}}) + "\n\n").encode(), ctype="text/event-stream")
            if mode == "sseempty": return self.send(200, raw=b": nothing\n\n", ctype="text/event-stream")
            if mode == "html": return self.send(200, raw=b"<html>ok</html>", ctype="text/html")
            if mode == "s500": return self.send(500, {"x": 1})
            if mode == "s404": return self.send(404, {"x": 1})
            if mode == "batch": return self.send(200, [ok])
            return self.send(200, ok)
        return self.send(200, {"jsonrpc": "2.0", "id": i, "result": {}})
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
