#!/bin/bash
# Names at the HTTP API: hidden characters at session, request id, pins server/tool, sessions restore; echoes raw?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; PORT=${1:-18670}
W=/tmp/attack44/hn; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db A.db token create --name adm --role admin > adm.tok; ATOK=$(grep -o 'fe_[A-Za-z0-9]*' adm.tok)
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
p() { curl -s -m 10 -H "Authorization: Bearer $1" -H 'content-type: application/json' -d "$3" http://127.0.0.1:$PORT$2; echo; }
p $TOK /v1/decide '{"action":"t.read","params":{"n":1},"request_id":"a\u001b[2Kb"}' | head -c 250; echo
p $TOK /v1/decide '{"action":"t.read","params":{"n":1},"request_id":"r1","session":"s\u2028x"}' | head -c 250; echo
p $TOK /v1/decide '{"action":"t.read","params":{"n":1},"request_id":"r2","session":"s\u0435ss"}' | head -c 250; echo
p $TOK /v1/decide '{"action":"t.re\u202ead","params":{"n":1},"request_id":"r3"}' | head -c 300; echo
p $ATOK /v1/sessions/restore '{"agent":"b\u001b[2Kot","session":"s\u202ex","why":"x"}' | head -c 300; echo
p $ATOK /v1/mcp/pins/approve '{"server":"f\u001b[2Ks","tool":"t\u202ex","hash":"00"}' | head -c 300; echo
p $TOK /v1/mcp/pins '{"server":"f\u001b[2Ks","tools":[{"name":"t\u202ex","description":"d","inputSchema":{}}]}' | head -c 300; echo
p $TOK /v1/mcp/refusals '{"server":"f\u001b[2Ks","tool":"t\u202ex","reason":"r\u001b[2K"}' | head -c 300; echo
kill $SP; wait $SP
$F --db A.db journal tail | tail -6 | cut -c1-220 | cat -v
