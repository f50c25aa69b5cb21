#!/bin/bash
# control for H9b: the database's OWN log (a copy of it) renamed in and out in bursts, with `secret set` as the door
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h9own; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent >/dev/null
python3 $S/reader.py A.db 20 > reader.log & R=$!; for i in $(seq 1 50); do grep -q snapshot reader.log 2>/dev/null && break; sleep 0.1; done
$F --db A.db token create --name own --role admin >/dev/null; cp A.db-wal B.wal; kill -9 $R; wait $R 2>/dev/null; rm -f A.db-wal A.db-shm
echo "file alone tokens: $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens')"
DOOR=${DOOR:-secret-set} timeout 300 python3 $S/race_look.py $W ${N:-20} | tail -2
echo "after: $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens' 2>&1)"; rm -f A.db-wal A.db-shm; $F --db A.db journal verify 2>&1 | head -1
