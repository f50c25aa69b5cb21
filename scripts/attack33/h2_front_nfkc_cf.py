# a front that decodes the path once, applies NFKC_Casefold-like folding (NFKC + drop Default_Ignorable), resolves dot segments
import http.server, urllib.parse, unicodedata, json, posixpath, sys, re
DI = re.compile('[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]')
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        raw=self.path; p=urllib.parse.unquote(raw.split('?')[0])
        f=DI.sub('', unicodedata.normalize('NFKC', p))
        r=posixpath.normpath(f)
        n=int(self.headers.get('content-length',0)); self.rfile.read(n)
        with open('hits.log','a') as fh: fh.write(json.dumps({"raw":raw,"folded":f,"resolved":r})+"\n")
        self.send_response(200); self.send_header('content-type','application/json'); self.end_headers(); self.wfile.write(b'{"ok":true}')
    def log_message(self,*a): pass
http.server.HTTPServer(('127.0.0.1',int(sys.argv[1])),H).serve_forever()
