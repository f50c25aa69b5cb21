#!/bin/bash
# Claim 2 with large events (long checkpoints): 200 processes at once, each decide ~60 KB, serve beside them.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
ROUNDS=${1:-2}; PORT=${2:-18680}; SZ=${3:-60000}
W=/tmp/attack44/bb; rm -rf $W; mkdir -p $W; cd $W
BLOB=$(head -c $((SZ*3/4)) /dev/urandom | base64 -w0 | head -c $SZ)
$F --db M.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
printf '{"action":"t.blob","params":{"s":"%s"},"request_id":"RID"}' "$BLOB" > body.tmpl
$F --db M.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
for r in $(seq 1 $ROUNDS); do
  mkdir -p r$r; pids=()
  for i in $(seq 1 200); do
    case $((i % 5)) in
      0|1|2) ( t0=$EPOCHREALTIME; $F --db M.db decide --agent bot --action t.blob --params "{\"s\":\"$BLOB\"}" --request-id "c$r-$i" >/dev/null; rc=$?; echo "rc=$rc"; echo "secs $(echo "$EPOCHREALTIME - $t0" | bc)" ) > r$r/$i.out 2>&1 & ;;
      3) ( sed "s/RID/h$r-$i/" body.tmpl | curl -s -m 120 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' --data-binary @- http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z]*"\|"code":"[a-z_]*"' | head -1; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      4) ( $F --db M.db kill-switch status >/dev/null; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
    esac
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait $p; done
  echo "round $r: $(grep -h '^rc=\|verdict\|code' r$r/*.out | sort | uniq -c | tr '\n' ' ')"
  grep -h "error" r$r/*.out | cut -c1-250 | sort | uniq -c | head -5; for f in $(grep -l "rc=7\|rc=8" r$r/*.out | head -200); do grep secs $f; done | sort -k2 -n | sed -n "1p;\$p" | tr "\n" " "; echo " (min/max secs of refused doors)"; for f in $(grep -l "rc=0" r$r/*.out); do grep secs $f; done | sort -k2 -n | tail -1 | sed "s/^/  slowest ok door: /"
  ls -la M.db-wal 2>/dev/null | awk '{print "  wal bytes " $5}'
done
kill $SP; wait $SP; echo "serve exit $?"
$F --db M.db journal verify | head -1; $F --db M.db journal audit | head -1 | cut -c1-150
