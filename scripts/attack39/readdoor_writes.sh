#!/bin/bash
# Read doors that create or write (each block prints what changed)
F=/work/attack39/foureyes; D=/tmp/attack39/rw; rm -rf $D; mkdir -p $D; cd $D
echo "--- 1. listing doors on a missing path / dangling symlink create a database"
for c in "token list" "mcp pins list" "approvals list" "sessions list"; do rm -rf m; mkdir m; $F --db m/none.db $c >/dev/null 2>&1; echo "$c rc=$? -> $(ls m | tr '\n' ' ')"; done
rm -rf m; mkdir m; ln -s target.db m/link.db; $F --db m/link.db token list >/dev/null 2>&1; echo "token list on dangling symlink rc=$? -> $(ls m | tr '\n' ' ')"
echo "--- 2. journal audit adds a table (connector_secrets) to the database it audits"
$F --db g.db token create --name a --role agent >/dev/null 2>&1; cp g.db g.orig
$F --db g.db journal audit; echo "audit rc=$?"; sqlite3 g.orig "select name from sqlite_master where type='table'" > t1; sqlite3 g.db "select name from sqlite_master where type='table'" > t2; diff t1 t2; ls -l g.orig g.db
echo "--- 3. another program's database whose table 'journal' has FourEyes' six column names: journal verify writes it"
python3 -c "
import sqlite3
c=sqlite3.connect('other.db'); c.execute('create table journal(seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)'); c.execute('create table mydata(x)'); c.execute('insert into mydata values(42)'); c.commit()"
cp other.db other.orig; $F --db other.db journal verify 2>&1 | head -1 | cut -c1-120; echo "verify rc=${PIPESTATUS[0]}"; cmp -l other.orig other.db | head -3; sqlite3 other.orig "pragma journal_mode"; sqlite3 other.db "pragma journal_mode"
echo "--- 4. a reader without write access (user nobody) cannot verify a FourEyes database, told it is not one"
mkdir -p ro; cp g.orig ro/g.db; chmod 755 . ro; chmod 644 ro/g.db
su -s /bin/bash nobody -c "$F --db $D/ro/g.db journal verify; echo rc=\$?" 2>&1 | cut -c1-220
