#!/bin/bash
# A copy of A.db with its own log (taken while serve ran and a reader pinned the log) put back after more commits,
# DB.head left: every door must say TRUNCATED (exit 7) and change neither file.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
PORT=${1:-18657}
W=/tmp/attack44/rw; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent > bot.tok; TOK=$(grep -o 'fe_[A-Za-z0-9]*' bot.tok)
$F secret new-key > sk; $F journal keygen --out keys >/dev/null
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.out 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.1; done
dec() { curl -s -m 10 -H "Authorization: Bearer $TOK" -H 'content-type: application/json' -d "{\"action\":\"t.cap\",\"params\":{\"amt\":10},\"request_id\":\"$1\"}" http://127.0.0.1:$PORT/v1/decide >/dev/null; }
dec p1; dec p2
python3 - <<'PY'
import sqlite3,shutil,subprocess,time,urllib.request,json
c=sqlite3.connect("file:A.db?mode=ro",uri=True); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
PY
# pin: python reader in background holding a read txn
python3 -c '
import sqlite3,time,os
c=sqlite3.connect("file:A.db?mode=ro",uri=True); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
open("pinned","w").close()
while not os.path.exists("unpin"): time.sleep(0.05)
' & PY=$!
while [ ! -f pinned ]; do sleep 0.05; done
dec p3; dec p4; sleep 0.5
mkdir copy; cp A.db A.db-wal copy/; echo "copy taken: wal $(stat -c %s copy/A.db-wal)"
dec p5; dec p6; touch unpin; wait $PY
kill -9 $SP; wait $SP 2>/dev/null; echo "serve killed -9"
cp copy/A.db copy/A.db-wal .; rm -f A.db-shm
s0=$(sha256sum A.db A.db-wal | cut -c1-12 | tr '\n' ' ')
t() { timeout 20 $F --db A.db "$@" >o 2>e </dev/null; rc=$?; s=$(sha256sum A.db A.db-wal 2>/dev/null| cut -c1-12 | tr '\n' ' '); ch=""; [ "$s" != "$s0" ] && ch="FILES CHANGED ($s)"; echo "[$*] rc=$rc $ch $(grep -o 'TRUNCATED\|not this database.s log\|older than the file' e | head -1) $(head -c 100 e | tr '\n' ' ')"; }
t decisions list
t journal verify
t journal audit
t token list
t kill-switch status
t secret list --secrets-key-file sk
t decide --agent bot --action t.cap --params '{"amt":10}' --request-id p3
t kill-switch on
t token create --name x --role agent
t secret set --secrets-key-file sk s1 --from-file sk
t --seal-key keys/seal.key journal seal
t journal checkpoint --signing-key keys/journal.key
t mcp pins list
t sessions list
t approvals list
t unconfirmed
t journal export ex.jsonl
t mcp-proxy --name fs -- cat
t serve --listen 127.0.0.1:$((PORT+1))
ls -la A.db*
