#!/usr/bin/env bash
# H2 (conditional): path values that pass ADR-388 (no %2F/%5C/%25, no segment decoding to . or ..) but that a
# front which decodes once and NFKC-normalises (Unicode compatibility folding) reads as dot segments / slashes.
# Fronts: (a) stock nginx-like decode-and-normalise is NOT fooled; (b) a 12-line Node proxy that NFKC-normalises is.
# Needs FOUREYES_BIN, python3, node.
set -euo pipefail
F=${FOUREYES_BIN:?set FOUREYES_BIN}
W=${W:-/tmp/attack32/h2}; BP=${BP:-18281}; FP=${FP:-18283}
rm -rf "$W"; mkdir -p "$W"; cd "$W"
cat > backend.py <<'PY'
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get('content-length') or 0))
        open(sys.argv[2],'a').write(self.path+'\n')
        self.send_response(200); self.send_header('content-length','11'); self.end_headers(); self.wfile.write(b'{"ok":true}')
    def log_message(self,*a): pass
http.server.HTTPServer(('127.0.0.1',int(sys.argv[1])),H).serve_forever()
PY
cat > front.js <<JS
const http=require('http'), path=require('path');
http.createServer((req,res)=>{
  let [p,q]=req.url.split('?'); let d; try{ d=decodeURIComponent(p);}catch(e){res.writeHead(400);return res.end();}
  const n=path.posix.normalize(d.normalize('NFKC'));
  const up=http.request({host:'127.0.0.1',port:$BP,method:req.method,path:encodeURI(n)+(q?'?'+q:''),headers:req.headers},r=>{res.writeHead(r.statusCode,r.headers);r.pipe(res);});
  req.pipe(up);
}).listen($FP,'127.0.0.1');
JS
cat > pol.yaml <<YAML
version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{ count: 1000, per: 1h }]
    params:
      order_id: { type: string }
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:$FP/api/orders/{{ params.order_id }}/refunds"
        body: '{}'
        success: { status: [200] }
        timeout: 3s
YAML
python3 backend.py $BP "$W/reached.txt" & B=$!; node front.js & N=$!
trap 'kill $B $N 2>/dev/null || true' EXIT; sleep 0.7
i=0; bad=0
for v in '..' '../admin' '\uff0e\uff0e\uff0fadmin' '..\uff0fadmin' '\uff0f..\uff0fadmin' '\uff0e\uff0e' '\u2025' '\u2024\u2024' '\ufe52\ufe52'; do
  i=$((i+1)); : > reached.txt
  out=$("$F" execute --db fe.db --policy pol.yaml --agent bot --action shop.refund --params "{\"order_id\":\"$v\"}" --request-id r$i --json 2>&1 || true)
  o=$(echo "$out" | python3 -c 'import json,sys
try: j=json.load(sys.stdin); print(j.get("outcome"), (j.get("report_detail") or {}).get("url"))
except Exception: print("refused")')
  r=$(cat reached.txt | tr '\n' ' ')
  case "$r" in "/api/orders/"*"/refunds "|"") ok=1;; *) ok=0; bad=$((bad+1));; esac
  printf '%-28s outcome=%-40s backend saw: %s %s\n' "$v" "$o" "${r:-nothing}" "$([ $ok = 0 ] && echo '<-- not the template path')"
done
echo "runs that reached a path the template does not name: $bad of $i"
