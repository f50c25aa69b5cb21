#!/bin/bash
# HOLE repro: rows deleted from the journal with sqlite3 under a running serve (no witness) are checkpointed into the
# file by serve's own clean stop; DB.head then guards nothing (no log left) and CLI doors take the truncated journal:
# the budget's spent amount goes back, a 50-cap budget permits more than 50.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
PORT=${1:-18655}; SEAL=${2:-}
W=/tmp/attack44/to; rm -rf $W; mkdir -p $W; cd $W
SK=""; if [ -n "$SEAL" ]; then $F journal keygen --out keys >/dev/null; SK="--seal-key keys/seal.key"; fi
$F --db T.db $SK token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db T.db $SK serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.cap\",\"params\":{\"amt\":10},\"request_id\":\"$1\"}" http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z_]*"' | head -1; }
for i in 1 2 3 4 5 6; do echo "serve p$i: $(dec p$i)"; done
sqlite3 T.db "begin; drop trigger journal_no_delete; delete from journal where seq > (select min(seq) from journal where kind='decided'); CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END; commit;"
echo "DB.head before stop: $(grep '^last' T.db.head)"
kill $SP; wait $SP; echo "serve exit $? ; stop said: $(grep -v '^warning\|^  \|^$\|FourEyes serving\|^policy\|^console\|^note' serve.out | head -3)"
ls T.db*
$F --db T.db $SK journal verify > v.out 2>&1; echo "journal verify rc=$?: $(head -1 v.out)"
for i in 7 8 9 10 11; do $F --db T.db $SK decide --agent bot --action t.cap --params '{"amt":10}' --request-id c$i > d.out 2>&1; echo "CLI decide c$i rc=$? $(grep -o 'budget.*' d.out | head -1)"; done
echo "t.cap permits acknowledged: 6 by serve (all 'permit' above: 60 of 50?) + CLI ones above"
$F --db T.db $SK journal audit 2>&1 | head -2 | cut -c1-200
