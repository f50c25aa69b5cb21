#!/bin/bash
# `--db 'file:A.db?nolock=1'` beside a running serve: does the write door take serve's live log (ADR-1420's H2)?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; PORT=${1:-18663}; Q=${2:-nolock=1}
W=/tmp/attack44/un; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.pay\",\"params\":{\"amt\":1},\"request_id\":\"$1\"}" http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z_]*"\|"code":"[a-z_]*"' | head -1; }
echo "before: $(dec a1)"
$F --db "file:A.db?$Q" kill-switch on >o 2>&1; echo "file:A.db?$Q kill-switch on rc=$? $(head -c 200 o)"
echo "serve after: $(dec a2)"; ls -l /proc/$SP/fd | grep -c deleted
$F --db A.db kill-switch status 2>&1 | head -1
kill $SP; wait $SP; echo "serve exit $? $(grep -i error serve.out | head -2 | cut -c1-200)"
$F --db A.db journal audit 2>&1 | head -3 | cut -c1-200
