#!/usr/bin/env python3
"""http target: PORT1 answers /a/<n> with a redirect to LOC_<n> (env REDIRS='n=status:location;...'), logs every
request (port, method, path, auth header) to $TLOG. Also listens on PORT2 (an unrelated service)."""
import os, sys, json, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
P1, P2 = int(sys.argv[1]), int(sys.argv[2])
R = {}
for item in os.environ.get("REDIRS", "").split(";"):
    if item: k, v = item.split("=", 1); st, loc = v.split(":", 1); R[k] = (int(st), loc)
LOG = open(os.environ.get("TLOG", "/tmp/attack30/t.log"), "a", buffering=1)
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def handle_one(self):
        n = int(self.headers.get("content-length") or 0); body = self.rfile.read(n) if n else b""
        port = self.server.server_address[1]
        LOG.write("REQ port=%d %s %s auth=%r body=%r\n" % (port, self.command, self.path, self.headers.get("authorization"), body[:80]))
        seg = self.path.split("?")[0].rstrip("/").split("/")[-1]
        if port == P1 and self.path.startswith("/a/") and seg in R and self.headers.get("x-hop") is None:
            st, loc = R[seg]
            self.send_response(st); self.send_header("location", loc.replace("{P1}", str(P1)).replace("{P2}", str(P2)))
            self.send_header("content-length", "0"); self.end_headers(); return
        out = json.dumps({"ok": True, "port": port, "path": self.path}).encode()
        self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out)
    do_GET = do_POST = do_PUT = do_DELETE = handle_one
s1 = ThreadingHTTPServer(("127.0.0.1", P1), H); s2 = ThreadingHTTPServer(("127.0.0.1", P2), H)
threading.Thread(target=s2.serve_forever, daemon=True).start()
s1.serve_forever()
