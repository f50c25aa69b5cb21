#!/bin/bash
# A file bind-mounted at another name: SQLite opens the same inode with another -wal (like a hard link, ADR-1434).
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/bm}; umount $D/X.db 2>/dev/null; rm -rf $D; mkdir -p $D; cd $D
$F --db A.db token create --name bot --role agent > tok.out
python3 -c "import sqlite3,time; c=sqlite3.connect('A.db',isolation_level=None); c.execute('begin'); c.execute('select count(*) from journal').fetchall(); time.sleep(60)" & RA=$!
sleep 0.5
$F --db A.db token create --name onlyA --role admin > tok2.out; kill -9 $RA; wait $RA 2>/dev/null
ls -la A.db-wal | awk '{print "A log", $5}'
touch X.db; mount --bind A.db X.db || { echo "mount failed"; exit 1; }
stat -c 'X.db inode %i nlink %h' X.db; stat -c 'A.db inode %i nlink %h' A.db
$F --db X.db token create --name viaX --role admin > tok3.out 2> e3; echo "X door rc=$? $(head -c 300 e3)"
$F --db X.db journal verify 2>&1 | head -1
umount X.db
$F --db A.db journal verify 2>&1 | head -c 400; echo " rc=$?"
$F --db A.db journal audit 2>&1 | tail -3 | cut -c1-300
sqlite3 A.db "select name from tokens" 2>&1 | tr '\n' ' '; echo
