#!/bin/bash
# Step by step: the no-witness truncation under serve; who checks, who rewrites DB.head?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
D=${1:-0}; PORT=${2:-18651}
W=/tmp/attack44/ts; rm -rf $W; mkdir -p $W; cd $W
st() { echo "  [$1] files: $(ls -la T.db* | awk '{print $5"\t"$9}' | tr '\n' ' ') head: $(awk '/^last/{print $2}' T.db.head) file-alone max: $(sqlite3 "file:T.db?immutable=1" 'select max(seq) from journal' 2>&1)"; }
$F --db T.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db T.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.pay\",\"params\":{\"amt\":$1},\"request_id\":\"$2\"}" http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z]*"\|"code":"[a-z_]*"' | head -1; }
for i in 1 2 3 4 5 6; do dec 10 p$i >/dev/null; done
sleep $D; st before-delete
MAX=$(sqlite3 "file:T.db?mode=ro" "select max(seq) from journal")
sqlite3 T.db "begin; drop trigger journal_no_delete; delete from journal where seq > $((MAX-3)); CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END; commit;"
st after-delete; sleep 0.5; st "after 0.5s"
kill $SP; wait $SP; echo "serve exit $?"; st after-stop
$F --db T.db journal verify > v.out 2>&1; echo "verify rc=$?: $(head -c 250 v.out)"; st after-verify
