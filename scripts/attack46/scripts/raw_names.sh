#!/bin/bash
# F1447/F1451: texts still shown raw. (1) clap's usage errors (exit 2) print an argument raw: U+202E always,
# ESC sequences too when stderr is a terminal (run under `script`). (2) HTTP error bodies quote U+202E raw.
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/raw}; P=${2:-18490}; rm -rf $D; mkdir -p $D; cd $D; cp /tmp/attack46/p.yaml . 2>/dev/null || cp /work/attack46/scripts/p.yaml .
export FOUREYES_DB=e.db
$F token create --name adm --role admin > atok; ATOK=$(tail -1 atok); $F token create --name bot --role agent > btok; BTOK=$(tail -1 btok)
echo "== CLI, stderr a file (cat -v; M-bM-^@M-. is U+202E raw)"
$F report 1 --outcome $'ex\u202eyz' 2>&1 | head -1 | cat -v; echo "rc=${PIPESTATUS[0]}"
$F $'zz\u202eq' 2>&1 | head -1 | cat -v
$F decisions list $'--x\u202ey' 2>&1 | head -1 | cat -v
$F decisions show $'1\u202e' 2>&1 | head -1 | cat -v
echo "== CLI, stderr a terminal (ESC [2K and an OSC title sequence reach the terminal)"
script -qc "$F report 1 --outcome \$'ex\e[2Kyy\u202ez'" /dev/null | head -1 | cat -v
script -qc "$F \$'zz\e]0;TITLE\aq'" /dev/null | head -1 | cat -v
echo "== HTTP error bodies"
$F --policy p.yaml serve --listen 127.0.0.1:$P > serve.out 2>&1 & SP=$!
for i in $(seq 50); do curl -s -o /dev/null 127.0.0.1:$P/healthz && break; sleep 0.2; done
H="Authorization: Bearer $ATOK"
for p in "/v1/decisions/%E2%80%AE1" "/v1/approvals/%E2%80%AEx" "/v1/journal/%E2%80%AEx/proof" "/v1/decisions?status=%E2%80%AEx" "/v1/approvals?status=%E2%80%AEx"; do
  echo "GET $p: $(curl -s -H "$H" 127.0.0.1:$P$p | cat -v)"; done
echo "POST /v1/decide unknown field: $(curl -s -H "Authorization: Bearer $BTOK" -H 'content-type: application/json' -d $'{"action":"climate.set","params":{"c":12},"request_id":"q1","\u202ezz":1}' 127.0.0.1:$P/v1/decide | cat -v)"
echo "POST report unknown variant: $(curl -s -H "$H" -H 'content-type: application/json' -d $'{"outcome":"ex\u202e"}' 127.0.0.1:$P/v1/decisions/1/report | cat -v)"
kill $SP; wait $SP
