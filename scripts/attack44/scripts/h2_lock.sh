#!/bin/bash
# ADR-1420: another SQLite client beside serve (and after serve's secret door opened its side connection) must not take the live log.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; PORT=${1:-18661}
W=/tmp/attack44/h2; rm -rf $W; mkdir -p $W; cd $W
$F secret new-key > sk
$F --db A.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F --db A.db token create --name adm --role admin > adm.tok; ATOK=$(grep -o 'fe_[A-Za-z0-9]*' adm.tok)
$F --db A.db serve --secrets-key-file sk --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.pay\",\"params\":{\"amt\":1},\"request_id\":\"$1\"}" http://127.0.0.1:$PORT/v1/decide | grep -o '"verdict":"[a-z_]*"\|"code":"[a-z_]*"' | head -1; }
dec a1
# secret doors of serve over HTTP (side connection), then the console/read endpoints
curl -s -m 5 -H "Authorization: Bearer $ATOK" http://127.0.0.1:$PORT/v1/secrets | head -c 150; echo
curl -s -m 5 -H "Authorization: Bearer $ATOK" -H 'content-type: application/json' -X PUT -d '{"value":"x"}' http://127.0.0.1:$PORT/v1/secrets/s1 | head -c 150; echo
echo "locks held by serve on A.db: $(grep -c " $(stat -c %i A.db)\$\|:$(stat -c %i A.db) " /proc/locks) (inode $(stat -c %i A.db))"; grep ":$(printf '%x' 0):" /dev/null
awk -v ino=$(stat -c %i A.db) '$0 ~ ":"ino" " {print "  "$0}' /proc/locks | head
sqlite3 A.db "select count(*) from journal" ; python3 -c 'import sqlite3; print(sqlite3.connect("A.db").execute("select count(*) from journal").fetchone())'
ls -l /proc/$SP/fd | grep -c deleted
$F --db A.db kill-switch on; echo "after kill-switch on (CLI): serve says $(dec a2)"
$F --db A.db journal verify | head -1
kill $SP; wait $SP; echo "serve exit $?"; $F --db A.db journal audit | head -2
