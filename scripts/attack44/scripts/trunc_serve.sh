#!/bin/bash
# F1443: journal rows deleted with sqlite3 under a running serve (with a witness); witnessed at stop? next start refuses?
# $1 = delay (s) between the last HTTP commit and the sqlite3 delete; $2 = "w" for witness, "" for none; $3 = post: "decide" to keep deciding after
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
D=${1:-0}; WIT=${2:-w}; POST=${3:-}; PORT=${4:-18650}
W=/tmp/attack44/tr; rm -rf $W; mkdir -p $W; cd $W
$F journal keygen --out keys >/dev/null
WA=""; WC=""; if [ "$WIT" = w ]; then WA="--signing-key keys/journal.key --witness wit.txt --checkpoint-every 1"; WC="--witness wit.txt --witness-key keys/journal.pub"; fi
$F --db T.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db T.db serve --listen 127.0.0.1:$PORT $WA > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.pay\",\"params\":{\"amt\":$1},\"request_id\":\"$2\"}" http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z]*"\|"code":"[a-z_]*"' | head -1; }
for i in 1 2 3 4 5 6; do dec 10 p$i >/dev/null; done
sleep $D
MAX=$(sqlite3 "file:T.db?mode=ro" "select max(seq) from journal")
sqlite3 T.db "begin; drop trigger journal_no_delete; delete from journal where seq > $((MAX-3)); CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END; commit;" 2>&1
echo "deleted events $((MAX-2))..$MAX (delay $D)"
if [ "$POST" = decide ]; then for i in 7 8 9; do echo "after: p$i $(dec 10 p$i)"; done; echo "retry p6: $(dec 10 p6)"; fi
sleep 0.5
kill $SP; wait $SP; echo "serve exit $?"; grep -i 'error\|witness\|checkpoint at stop\|TRUNC' serve.out | head -5 | cut -c1-300
$F --db T.db serve --listen 127.0.0.1:$PORT $WA > serve2.out 2>&1 & SP2=$!
sleep 3; if kill -0 $SP2 2>/dev/null; then echo "SECOND START RUNS (not refused)"; echo "p1 again: $(dec 10 p1)"; kill $SP2; wait $SP2; else wait $SP2; echo "second start exit $?: $(head -c 300 serve2.out)"; fi
$F --db T.db $WC decide --agent bot --action t.pay --params '{"amt":10}' --request-id p1 >d.out 2>&1; echo "CLI decide p1 again: rc=$? $(head -c 200 d.out)"
