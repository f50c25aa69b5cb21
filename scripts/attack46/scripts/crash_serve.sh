#!/bin/bash
# serve under 2 client loops, SIGKILL at a random moment, then every door must open the database (no false alarm).
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/crash}; P=${2:-18495}; ROUNDS=${3:-4}
rm -rf $D; mkdir -p $D; cd $D; cp /work/attack46/scripts/p.yaml .
$F --db C.db token create --name bot --role agent > tok; TOK=$(tail -1 tok)
for r in $(seq $ROUNDS); do
  $F --db C.db --policy p.yaml serve --listen 127.0.0.1:$P > serve.$r 2>&1 & SP=$!
  for i in $(seq 50); do curl -s -o /dev/null 127.0.0.1:$P/healthz && break; sleep 0.1; done
  for c in 1 2; do ( for i in $(seq 400); do curl -s -o /dev/null -H "Authorization: Bearer $TOK" -H 'content-type: application/json' \
     -d "{\"action\":\"climate.set\",\"params\":{\"c\":$((i%20+1))},\"request_id\":\"r$r-$c-$i\"}" 127.0.0.1:$P/v1/decide; done ) & done
  sleep 0.$((RANDOM%9+1)); sleep 1; kill -9 $SP; wait $SP 2>/dev/null; sleep 0.3; kill $(jobs -p) 2>/dev/null; wait 2>/dev/null
  v=$($F --db C.db journal verify 2>&1 | head -1 | cut -c1-200); echo "round $r: verify rc=$? $v"
  $F --db C.db journal audit 2>&1 | tail -1 | cut -c1-200
done
