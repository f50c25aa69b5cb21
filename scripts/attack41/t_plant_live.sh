#!/bin/bash
# plant a fork's WAL beside A while serve holds A open. MODE=cp (overwrite in place) or mv (rename)
set -u
MODE=${MODE:-cp}
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/live-$MODE; PORT=${PORT:-18452}
rm -rf $W; mkdir -p $W; cd $W
cp /tmp/attack41/h1/pol.yaml .; export FOUREYES_POLICY=$W/pol.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1)
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
d(){ curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("'$1'", j.get("verdict"), j.get("decision_id"), j.get("error"))'; }
d h1; d h2
# fork B from A (copy via sqlite backup = consistent), then B writes with a reader pinning its log
cp A.db B.db; cp A.db.clock B.db.clock   # serve checkpoints after each write: the file alone is current
python3 $S/reader.py B.db 60 > readerB.log & RB=$!; sleep 0.5
$F --db B.db decide --agent bot --action climate.set_temperature --params '{"zone":"living","celsius":21}' --request-id onlyB >/dev/null
$F --db B.db token create --name onlyBtok --role admin >/dev/null
kill -9 $RB; wait $RB 2>/dev/null
d h3-onlyA
ls -la A.db* B.db*
if [ $MODE = cp ]; then cp B.db-wal A.db-wal; else cp B.db-wal x.wal; mv x.wal A.db-wal; fi
echo "--- planted ($MODE) while serve runs"
d h4; d h5
$F --db A.db journal verify; echo "cli verify rc=$?"
$F --db A.db decisions list | head -3
$F --db A.db token create --name cliTok --role agent >/dev/null; echo "cli token create rc=$?"
d h6
kill $SP; wait $SP
tail -5 serve.log
ls -la A.db*
$F --db A.db journal verify; echo "verify rc=$?"; $F --db A.db journal audit; echo "audit rc=$?"
sqlite3 A.db "select group_concat(request_id,' ') from idempotency"; sqlite3 A.db "select group_concat(name,' ') from tokens"
