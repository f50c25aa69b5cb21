#!/usr/bin/env python3
# hostile/slow http connector target. Logs every request (method path body) to $HITLOG.
import sys, os, time, socket, struct, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
LOG = os.environ.get("HITLOG", "/tmp/attack29/conn/hits.log")
SLOW = float(os.environ.get("SLOW", "6"))
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def hit(self, body=b""):
        with open(LOG, "a") as f: f.write("%.3f %s %s %s\n" % (time.time(), self.command, self.path, body[:80]))
    def body(self):
        n = int(self.headers.get("content-length") or 0); return self.rfile.read(n) if n else b""
    def ans(self, code, data=b'{"ok":true}', hdrs=()):
        self.send_response(code)
        for k, v in hdrs: self.send_header(k, v)
        self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def do_GET(self): self.route(b"")
    def do_POST(self): self.route(self.body())
    def do_PUT(self): self.route(self.body())
    def route(self, b):
        self.hit(b); p = self.path
        if p.startswith("/slow"):
            time.sleep(SLOW); self.ans(200)
        elif p.startswith("/see"):
            self.ans(303, b"", [("location", "/gone")])
        elif p.startswith("/gone"):
            self.ans(404, b'{"err":"gone"}')
        elif p.startswith("/rst"):
            # acted; then reset the connection without answering
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); self.connection.close(); self.close_connection = True
        elif p.startswith("/eof"):
            self.connection.shutdown(socket.SHUT_RDWR); self.close_connection = True
        elif p.startswith("/bad"):
            self.wfile.write(b"HTTP/1.1 2OO OK\r\ncontent-length: 2\r\n\r\nok"); self.close_connection = True
        elif p.startswith("/s4"):
            self.ans(int(p[3:6]) if len(p) >= 6 else 400)
        elif p.startswith("/partial"):
            self.send_response(200); self.send_header("content-length", "100"); self.end_headers(); self.wfile.write(b'{"ok":'); self.wfile.flush(); self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); self.connection.close(); self.close_connection = True
        elif p.startswith("/gz"):
            self.send_response(404); self.send_header("content-encoding", "gzip"); self.send_header("content-length", "5"); self.end_headers(); self.wfile.write(b"xxxxx")
        else:
            self.ans(200)
port = int(sys.argv[1])
ThreadingHTTPServer(("127.0.0.1", port), H).serve_forever()
