#!/bin/bash
# serve started with a FIFO or /dev/null char node at -wal: does it refuse at start or run broken?
FE=/work/attack37/foureyes; PORT=18441; export FOUREYES_POLICY=/work/attack37/scripts/p.yaml
for kind in fifo null; do
T=/tmp/attack37/sfifo; rm -rf $T; mkdir -p $T/d
TOK=$($FE --db $T/d/t.db token create --name bot --role agent 2>&1 | grep -o 'fe_[0-9a-f]*')
[ $kind = fifo ] && mkfifo $T/d/t.db-wal || mknod $T/d/t.db-wal c 1 3
$FE --db $T/d/t.db serve --listen 127.0.0.1:$PORT > $T/serve.log 2>&1 & SP=$!
for i in $(seq 40); do curl -s 127.0.0.1:$PORT/healthz >/dev/null && break; kill -0 $SP 2>/dev/null || break; sleep 0.25; done
echo "== $kind at -wal: serve alive=$(kill -0 $SP 2>/dev/null && echo yes || echo no); healthz=$(curl -s -m 3 127.0.0.1:$PORT/healthz | head -c 100)"
for j in 1 2 3; do curl -s -m 5 -w " [%{http_code}]\n" 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $TOK" -d '{"request_id":"q'$j'","action":"t.read","params":{"q":"x"}}' | cut -c1-250; done
kill $SP 2>/dev/null; wait $SP; echo "serve exit=$?"; head -c 600 $T/serve.log | grep -v warning; echo; ls -la $T/d | tail -n +4
done
