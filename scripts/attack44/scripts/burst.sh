#!/bin/bash
# Claim 2 (F1444): ~200 separate processes at once on one database, serve beside them. Bounded: ROUNDS rounds.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
ROUNDS=${1:-3}; PORT=${2:-18644}; SEAL=${3:-}
W=/tmp/attack44/burst; rm -rf $W; mkdir -p $W; cd $W
SK=""; if [ -n "$SEAL" ]; then $F journal keygen --out keys >/dev/null; SK="--seal-key keys/seal.key"; fi
$F secret new-key > skey
$F --db M.db $SK token create --name bot --role agent > bot.tok
TOK=$(grep -o 'fe[_.][A-Za-z0-9._-]*' bot.tok | head -1)
$F --db M.db $SK serve --secrets-key-file skey --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
echo "serve pid $SP"; sleep 3
for r in $(seq 1 $ROUNDS); do
  mkdir -p r$r; pids=()
  for i in $(seq 1 200); do
    case $((i % 8)) in
      0|1|2) ( $F --db M.db $SK decide --agent bot --action t.cap --params '{"amt":1}' --request-id "c$r-$i" ; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      3) ( $F --db M.db $SK token create --name "t$r-$i" --role agent; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      4) ( if ((i%16==4)); then a=on; else a=off; fi; $F --db M.db $SK kill-switch $a; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      5) ( echo "v$i" | $F --db M.db $SK secret set --secrets-key-file skey "s_${r}_$i"; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      6) ( curl -s -m 60 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.cap\",\"params\":{\"amt\":1},\"request_id\":\"h$r-$i\"}" http://127.0.0.1:$PORT/v1/decide; echo; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
      7) ( $F --db M.db $SK decisions list --status intended >/dev/null; echo "rc=$?" ) > r$r/$i.out 2>&1 & ;;
    esac
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait $p; done
  echo "round $r:"; grep -h '^rc=' r$r/*.out | sort | uniq -c | tr '\n' ' '; echo
  grep -l '^rc=\(7\|8\|101\|1\|134\)$' r$r/*.out | head -5 | while read f; do echo "  $f: $(head -c 400 $f | tr '\n' ' ')"; done
  grep -h "error\|panick\|storage" r$r/*.out | sort | uniq -c | head -5
  kill -0 $SP 2>/dev/null || { echo "serve died"; tail -5 serve.out; break; }
done
$F --db M.db $SK kill-switch off >/dev/null
kill $SP; wait $SP; echo "serve exit $?"; tail -3 serve.out
$F --db M.db $SK journal verify | head -2; $F --db M.db $SK journal audit | head -3
echo "permits of t.cap (journal): $(sqlite3 "file:M.db?mode=ro" "select count(*) from journal where kind='decided' and data like '%\"t.cap\"%' and data like '%\"verdict\":\"permit\"%'")"
