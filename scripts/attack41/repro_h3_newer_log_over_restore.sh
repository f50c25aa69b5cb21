#!/bin/bash
# H3: the database's own NEWER log beside an OLDER copy of its file (a backup restored after a crash left the log).
# ADR-1310's check passes (the old file's last event is in the log's view); write doors checkpoint the log into the
# file and delete it, THEN refuse (exit 8/7) with a message that does not name the log.
set -u
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h3; PORT=${PORT:-18457}
rm -rf $W; mkdir -p $W; cd $W; cp /tmp/attack41/h1/pol.yaml .; export FOUREYES_POLICY=$W/pol.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1)
start(){ $F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!; for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done; }
d(){ curl -s -o /dev/null 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}"; }
start; d d1; d d2; kill $SP; wait $SP
cp A.db BACKUP.db                                   # the backup
start; d d3; $F --db A.db token create --name later --role admin >/dev/null; d d4
python3 $S/reader.py A.db 60 > r.log & RP=$!; sleep 0.5   # a long reader: the next commits stay in the log
d d5; d d6
kill -9 $SP $RP; wait 2>/dev/null                   # crash: A.db + A.db-wal
cp BACKUP.db A.db; rm -f A.db-shm                   # operator restores the backup; the log stays
echo "before: A.db $(sha256sum <A.db|cut -c1-16)  files: $(ls A.db* | tr '\n' ' ')"
$F --db A.db decisions list; echo "decisions list rc=$?"
$F --db A.db kill-switch on; echo "kill-switch on rc=$?"
echo "after:  A.db $(sha256sum <A.db|cut -c1-16)  files: $(ls A.db* | tr '\n' ' ')"
$F --db A.db journal verify; echo "verify rc=$?"
$F --db A.db journal audit > audit.txt; echo "audit rc=$?"; head -c 300 audit.txt; echo; sqlite3 A.db "select group_concat(seq||kind, ' ') from journal"
