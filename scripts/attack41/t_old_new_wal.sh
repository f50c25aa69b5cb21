#!/bin/bash
# same database: an older WAL beside a newer file, and a newer WAL beside an older file (a restore)
set -u
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/oldnew; PORT=${PORT:-18456}
rm -rf $W; mkdir -p $W; cd $W; cp /tmp/attack41/h1/pol.yaml .; export FOUREYES_POLICY=$W/pol.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1)
start(){ $F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!; for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done; }
d(){ curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("'$1'", j.get("verdict"), j.get("decision_id"), (j.get("error") or {}).get("message","")[:150])'; }
start; d d1
python3 $S/reader.py A.db 60 > r1.log & RP=$!; sleep 0.5
d d2; d d3; cp A.db-wal OLD.wal; python3 $S/maxseq.py A.db
kill $RP; wait $RP 2>/dev/null; d d3b; kill $SP; wait $SP
cp A.db OLD.db; cp A.db.clock OLD.db.clock; python3 $S/maxseq.py OLD.db
start; d d4; $F --db A.db token create --name later --role admin >/dev/null; d d5
python3 $S/reader.py A.db 60 > r2.log & RP=$!; sleep 0.5
d d6; d d7; python3 $S/maxseq.py A.db
kill -9 $SP $RP; wait 2>/dev/null
cp -r . ../oldnew.save 2>/dev/null
echo "=== newer WAL beside an older file (restore of OLD.db, A's log left)"
mkdir n; cp OLD.db n/A.db; cp OLD.db.clock n/A.db.clock; cp A.db-wal n/A.db-wal
( cd n; python3 $S/maxseq.py A.db; $F --db A.db journal verify; echo "verify rc=$?"; $F --db A.db token list; echo "token list rc=$?"; $F --db A.db kill-switch on; echo "ks rc=$?"; $F --db A.db journal audit; echo "audit rc=$?"; sqlite3 A.db "pragma integrity_check" | head -3 )
echo "=== older WAL beside the newer file"
mkdir o; cp A.db o/A.db; cp A.db.clock o/; cp OLD.wal o/A.db-wal
( cd o; $F --db A.db journal verify; echo "verify rc=$?"; $F --db A.db kill-switch on; echo "ks rc=$?"; ls; python3 $S/maxseq.py A.db )
