#!/bin/bash
# serve + HTTP decides; rows deleted from the journal tail with sqlite3 while serve runs; SIGTERM; then look.
# Usage: serve_trunc.sh DIR PORT MODE   MODE: plain | ckpt (sqlite3 also runs wal_checkpoint(PASSIVE)) | load (deletes during a decide loop) | wait (a long-poll in flight)
set -u
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml
D=$1; PORT=$2; MODE=$3
rm -rf $D; mkdir -p $D; cd $D
$F journal keygen --out k >/dev/null 2>&1; $F --db S.db ${TOKX:-} token create --name bot --role agent > bot.tok 2>/dev/null
BOT=$(grep -o 'fe_[0-9a-f]*' bot.tok | head -1)
$F journal keygen --out k >/dev/null 2>&1; $F --db S.db --policy $P ${EXTRA:-} serve ${SERVEX:-} --listen 127.0.0.1:$PORT > serve.out 2> serve.err & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me -H "Authorization: Bearer $BOT" && break; sleep 0.1; done
dec(){ curl -s -m 5 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $BOT" -d "{\"request_id\":\"$1\",\"action\":\"climate.set\",\"params\":{\"c\":20}}" -o /dev/null -w "%{http_code} "; }
for i in 1 2 3 4 5 6; do dec r$i; done; echo
sleep ${SLEEP:-0.5}
DEL="PRAGMA busy_timeout=5000; DROP TRIGGER IF EXISTS journal_no_delete; DELETE FROM journal WHERE seq > (SELECT max(seq)-3 FROM journal);"
[ "${CONSISTENT:-0}" = 1 ] && DEL="PRAGMA busy_timeout=5000; DROP TRIGGER IF EXISTS journal_no_delete; BEGIN; DELETE FROM journal WHERE seq > (SELECT max(seq)-3 FROM journal); DELETE FROM idempotency WHERE decision_id > 3; DELETE FROM decisions WHERE id > 3; COMMIT;"
case $MODE in
 plain) sqlite3 S.db "$DEL" ;;
 ckpt)  sqlite3 S.db "$DEL PRAGMA wal_checkpoint(PASSIVE);" ;;
 load)  ( for i in $(seq 7 60); do dec r$i >/dev/null; done ) & LP=$!; sleep 0.05; sqlite3 S.db "$DEL"; wait $LP ;;
 wait)  curl -s -m 20 "127.0.0.1:$PORT/v1/decisions/1/wait?timeout=10s" -H "Authorization: Bearer $BOT" >/dev/null & WP=$!; sleep 0.3; sqlite3 S.db "$DEL"; sleep 0.3 ;;
esac
echo "after delete: $(sqlite3 'file:S.db?immutable=1' 'select max(seq) from journal' 2>&1) (file alone); head: $(sed -n 3p S.db.head)"
sleep ${SLEEP2:-0.5}
[ -n "${AFTERGET:-}" ] && curl -s -m 5 127.0.0.1:$PORT$AFTERGET -H "Authorization: Bearer $BOT" | head -c 300 && NOREQ=1; echo
[ "${NOREQ:-0}" = 1 ] || curl -s -m 5 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $BOT" -d "{\"request_id\":\"after\",\"action\":\"climate.set\",\"params\":{\"c\":20}}"; echo
sleep 0.5; echo "head before the stop: $(sed -n 3,4p S.db.head | tr "\n" " ") files: $(ls S.db* | tr "\n" " ")"
kill -TERM $SP; wait $SP; echo "serve exit=$?"; tail -c 600 serve.err; echo
ls -la S.db*; echo "head now: $(sed -n 3,4p S.db.head | tr "\n" " ")"
$F --db S.db journal verify; echo "verify rc=$?"
$F --db S.db --policy $P ${EXTRA:-} serve ${SERVEX:-} --listen 127.0.0.1:$PORT > serve2.out 2> serve2.err & SP2=$!; sleep 2
if kill -0 $SP2 2>/dev/null; then echo "SECOND START RUNS (not refused)"; kill -TERM $SP2; wait $SP2; else wait $SP2; echo "second start exit=$?: $(head -c 300 serve2.err)"; fi
echo "--- r4 again after the second start would be decided anew? listing:"; $F --db S.db decisions list; $F --db S.db journal audit | head -3
