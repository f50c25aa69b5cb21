#!/bin/bash
# usage: forklog.sh DIR SPELLING-SETUP-CMD DOOR-DBNAME [door args...]
# Builds A.db whose newest event (onlyA) is only in A.db-wal, a fork B whose log holds onlyB at the same seq,
# puts B's log at A.db-wal, runs SETUP (e.g. make links), then the door with --db DOOR-DBNAME.
F=/work/attack46/foureyes
D=$1; SETUP=$2; NAME=$3; shift 3
rm -rf $D; mkdir -p $D; cd $D
$F --db A.db token create --name bot --role agent > tok.out || exit 1
python3 -c "import sqlite3,time,sys; c=sqlite3.connect('A.db',isolation_level=None); c.execute('begin'); c.execute('select count(*) from journal').fetchall(); print('r',flush=True); time.sleep(120)" > ra.out & RA=$!
sleep 0.5
cp A.db B.db; [ -f A.db-wal ] && cp A.db-wal B.db-wal
python3 -c "import sqlite3,time,sys; c=sqlite3.connect('B.db',isolation_level=None); c.execute('begin'); c.execute('select count(*) from journal').fetchall(); time.sleep(120)" & RB=$!
sleep 0.5
$F --db B.db token create --name onlyB --role admin > tok.out || echo Bfail
$F --db A.db token create --name onlyA --role admin > tok.out || echo Afail
kill -9 $RA $RB; wait 2> tok.out
mv B.db-wal A.db-wal; rm -f A.db-shm B.db-shm
echo "A.db.head: $(sed -n 3p A.db.head)"; ls
eval "$SETUP"
A1=$(sha256sum A.db | cut -c1-16)
$F --db "$NAME" "$@"; echo "door rc=$?"
A2=$(sha256sum A.db | cut -c1-16)
echo "A.db sha $A1 -> $A2"
sqlite3 "file:A.db?immutable=1" "select name from tokens" | tr '\n' ' '; echo
