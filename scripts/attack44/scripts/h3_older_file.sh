#!/bin/bash
# ADR-1401: an older copy of A.db (file alone) put back beside A's newer log (serve killed -9 with events in its log).
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml; PORT=${1:-18692}
W=/tmp/attack44/h3; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
for i in 1 2 3; do $F --db A.db decide --agent bot --action t.pay --params '{"amt":1}' --request-id c$i >/dev/null; done
cp A.db old.db; echo "old copy holds up to $(sqlite3 'file:old.db?immutable=1' 'select max(seq) from journal')"
$F --db A.db token create --name after --role admin >/dev/null
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.pay\",\"params\":{\"amt\":1},\"request_id\":\"$1\"}" http://127.0.0.1:$PORT/v1/decide >/dev/null; }
python3 -c '
import sqlite3,time,os
c=sqlite3.connect("file:A.db?mode=ro",uri=True); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
open("pinned","w").close()
while not os.path.exists("unpin"): time.sleep(0.05)' & PY=$!
while [ ! -f pinned ]; do sleep 0.05; done
dec h1; dec h2; sleep 0.3
kill -9 $SP; wait $SP 2>/dev/null; touch unpin; wait $PY
echo "record: $(grep -E '^(last|floor)' A.db.head | cut -c1-30 | tr '\n' ' ')  log bytes $(stat -c %s A.db-wal)"
cp old.db A.db; rm -f A.db-shm; s0=$(sha256sum A.db A.db-wal | cut -c1-12 | tr '\n' ' ')
for d in "decisions list" "journal verify" "kill-switch on" "token create --name z --role agent"; do $F --db A.db $d >o 2>&1; echo "[$d] rc=$? $(head -c 200 o | tr '\n' ' ')"; done
echo "files before $s0 after $(sha256sum A.db A.db-wal | cut -c1-12 | tr '\n' ' ')"
