import http.server, json, sys, time
LOG=sys.argv[2]
class H(http.server.BaseHTTPRequestHandler):
    protocol_version="HTTP/1.1"
    def handle_one(self):
        pass
    def _do(self):
        n=int(self.headers.get('content-length') or 0)
        body=self.rfile.read(n) if n else b''
        with open(LOG,'a') as f: f.write(json.dumps({"m":self.command,"raw":self.path,"body":body.decode('utf8','replace'),"hdr":dict(self.headers)})+"\n")
        mode=open(LOG+'.mode').read().strip() if __import__('os').path.exists(LOG+'.mode') else 'ok'
        if mode=='ok':
            b=b'{"ok":true}'; self.send_response(200)
        elif mode.startswith('status:'):
            st=int(mode.split(':')[1]); b=b'{"ok":true}'; self.send_response(st)
            if 300<=st<400: self.send_header('location', self.path)
        elif mode=='hang':
            time.sleep(30); return
        self.send_header('content-type','application/json'); self.send_header('content-length',str(len(b))); self.end_headers(); self.wfile.write(b)
    do_GET=do_POST=do_PUT=do_DELETE=_do
    def log_message(self,*a): pass
http.server.ThreadingHTTPServer(('127.0.0.1',int(sys.argv[1])),H).serve_forever()
