#!/bin/bash
# A copy put back without a log (opened, ADR-409 / ADR-1440 (c)) under serve: what do the requests get?
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/rs}; P=${2:-18496}; rm -rf $D; mkdir -p $D; cd $D; cp /work/attack46/scripts/p.yaml .
$F --db A.db token create --name bot --role agent > tok; TOK=$(tail -1 tok)
$F --db A.db --policy p.yaml decide --agent bot --action climate.set --params '{"c":11}' --request-id r1 >/dev/null
cp A.db backup.db
for i in 2 3 4; do $F --db A.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":1$i}" --request-id r$i >/dev/null; done
cp backup.db A.db; echo "restored; record: $(sed -n 3p A.db.head | cut -c1-12)"
$F --db A.db --policy p.yaml serve --listen 127.0.0.1:$P > serve.out 2>&1 & SP=$!
for i in $(seq 50); do curl -s -o /dev/null 127.0.0.1:$P/healthz && break; sleep 0.1; done
for i in 1 2 3 4 5; do echo "decide $i: $(curl -s -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"climate.set\",\"params\":{\"c\":2$i},\"request_id\":\"s$i\"}" 127.0.0.1:$P/v1/decide | cut -c1-150)"; sleep 0.4; done
kill $SP; wait $SP; echo "serve rc=$?"; grep -v warning serve.out | tail -2 | cut -c1-300
$F --db A.db journal verify 2>&1 | head -1 | cut -c1-200; echo "verify rc=${PIPESTATUS[0]}"
