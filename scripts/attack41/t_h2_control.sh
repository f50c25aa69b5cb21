#!/bin/bash
# H2: `serve` holds no POSIX lock on its database file (only the -shm's), so any other SQLite client that opens and
# closes the database (here a plain `sqlite3 A.db "select count(*) from journal"`) believes it is the last connection,
# checkpoints and DELETES the -wal and -shm under the running serve. serve keeps writing into the unlinked log/index.
set -u
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; W=/tmp/attack41/h2ctl; PORT=${PORT:-18485}
rm -rf $W; mkdir -p $W; cd $W; cp /tmp/attack41/h1/pol.yaml .; export FOUREYES_POLICY=$W/pol.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1)
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
d(){ curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("'$1'", j.get("verdict"), j.get("decision_id"), (j.get("error") or {}).get("message","")[:150], j.get("reasons"))'; }
d x1
echo "serve's POSIX locks:"; DBI=$(stat -c %i A.db); awk -v p=$SP '$5==p' /proc/locks; echo "A.db inode $DBI"
true  # control: no sqlite3 reader
echo "after sqlite3:"; ls A.db*; ls -l /proc/$SP/fd | grep 'A.db'
$F --db A.db kill-switch on; echo "kill-switch on rc=$?"
$F --db A.db kill-switch status; echo "status rc=$?"
d x2-after-killswitch
d x3
$F --db A.db kill-switch status; echo "status rc=$?"
kill $SP; wait $SP
$F --db A.db journal verify; echo "verify rc=$?"; $F --db A.db journal audit; echo "audit rc=$?"
$F --db A.db kill-switch status; echo "status rc=$?"
sqlite3 A.db "pragma integrity_check" | head -5
sqlite3 A.db "select seq,kind,substr(data,1,60) from journal order by seq"
