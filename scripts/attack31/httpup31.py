# httpup31.py PORT LOG MODE: a Streamable-HTTP MCP upstream; tools/call is "run" (logged) and then answered per MODE
import http.server, json, sys, socket
PORT, LOG, MODE = int(sys.argv[1]), sys.argv[2], sys.argv[3]
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def send(self, code, body=b"", ctype="application/json", extra=()):
        self.send_response(code); self.send_header("content-type", ctype); self.send_header("mcp-session-id", "s1")
        for k, v in extra: self.send_header(k, v)
        self.send_header("content-length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def do_DELETE(self): self.send(200)
    def do_GET(self): self.send(405)
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0); m = json.loads(self.rfile.read(n))
        meth = m.get("method") if isinstance(m, dict) else None
        if meth == "initialize":
            r = {"protocolVersion": m["params"].get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}}, "serverInfo": {"name": "up", "version": "1"}}
        elif meth == "tools/list":
            r = {"tools": [{"name": "pay", "inputSchema": {"type": "object", "properties": {"amount": {"type": "number"}}}}]}
        elif meth == "tools/call":
            open(LOG, "a").write("RAN " + json.dumps(m["params"]) + "\n")
            if MODE == "202": return self.send(202)
            if MODE == "204": return self.send(204)
            if MODE == "307": return self.send(307, extra=[("location", "/other")])
            if MODE == "200empty": return self.send(200)
            if MODE == "sse_noevent": return self.send(200, b": keepalive\n\n", "text/event-stream")
            if MODE == "wrongid": return self.send(200, json.dumps({"jsonrpc": "2.0", "id": 999999, "result": {"content": []}}).encode())
            if MODE == "rpcerror": return self.send(200, json.dumps({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32602, "message": "bad"}}).encode())
            if MODE == "reset":
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"); self.connection.close(); return
            if MODE == "slow": __import__("time").sleep(6)
            r = {"content": [{"type": "text", "text": "PAID"}]}
        else:
            return self.send(202)
        self.send(200, json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}).encode())
http.server.ThreadingHTTPServer(("127.0.0.1", PORT), H).serve_forever()
