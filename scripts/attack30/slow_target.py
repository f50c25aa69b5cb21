#!/usr/bin/env python3
"""http target on PORT: every request is logged to $TLOG, then answered 200 after $SLOW seconds."""
import os, sys, json, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
LOG = open(os.environ.get("TLOG", "/tmp/attack30/slow.log"), "a", buffering=1)
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0); b = self.rfile.read(n)
        LOG.write("REQ %s %s %r %.1f\n" % (self.command, self.path, b[:80], time.time()))
        time.sleep(float(os.environ.get("SLOW", "5")))
        out = b'{"ok":true}'
        self.send_response(200); self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out)
    do_GET = do_POST
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
