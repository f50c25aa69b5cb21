#!/usr/bin/env python3
# upstream Streamable-HTTP MCP server: logs every POST (headers of interest + raw body) to uph.log
import sys, json, gzip
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
LOG = "/tmp/attack29/mcpl/uph.log"
TOOLS = [{"name": "echo", "description": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def reply(self, code, obj=None):
        d = json.dumps(obj).encode() if obj is not None else b""
        self.send_response(code); self.send_header("content-type", "application/json"); self.send_header("mcp-session-id", "s1"); self.send_header("content-length", str(len(d))); self.end_headers(); self.wfile.write(d)
    def do_GET(self): self.reply(405)
    def do_DELETE(self): self.reply(200, {})
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0); raw = self.rfile.read(n)
        with open(LOG, "a") as f: f.write("CE=%s CT=%s BODY=%r\n" % (self.headers.get("content-encoding"), self.headers.get("content-type"), raw[:300]))
        body = raw
        if self.headers.get("content-encoding") == "gzip":
            try: body = gzip.decompress(raw)
            except Exception: pass
        try: m = json.loads(body.decode("utf-8-sig"))
        except Exception: return self.reply(400, {"error": "parse"})
        msgs = m if isinstance(m, list) else [m]; out = []
        for x in msgs:
            meth, i, p = x.get("method"), x.get("id"), x.get("params") or {}
            if i is None: continue
            if meth == "initialize": out.append({"jsonrpc": "2.0", "id": i, "result": {"protocolVersion": p.get("protocolVersion"), "capabilities": {"tools": {}, "resources": {}}, "serverInfo": {"name": "u", "version": "1"}}})
            elif meth == "tools/list": out.append({"jsonrpc": "2.0", "id": i, "result": {"tools": TOOLS}})
            elif meth == "resources/list": out.append({"jsonrpc": "2.0", "id": i, "result": {"resources": [{"uri": "res://ok", "name": "ok"}]}})
            elif meth == "tools/call": out.append({"jsonrpc": "2.0", "id": i, "result": {"content": [{"type": "text", "text": "CALLED " + json.dumps(p)}]}})
            else: out.append({"jsonrpc": "2.0", "id": i, "result": {"echo": meth, "params": p}})
        if not out: return self.reply(202)
        self.reply(200, out if isinstance(m, list) else out[0])
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
