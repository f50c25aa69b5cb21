#!/bin/bash
# Read doors on odd paths. Usage: filedoors.sh
F=/work/attack39/foureyes; W=/tmp/attack39/p2; cd $W || exit 1
rm -rf case; mkdir case; cd case
$F --db good.db token create --name a --role agent >/dev/null 2>&1
snap(){ (ls -la --time-style=+%s . ; for f in *; do [ -f "$f" ] && sha256sum "$f"; done) 2>/dev/null | grep -v ' \.\.\?$' | sort; }
run(){ # name, db path, door args
  local name=$1 db=$2; shift 2
  snap > /tmp/attack39/before
  timeout 10 $F --db "$db" "$@" > /tmp/attack39/o 2>&1; rc=$?
  snap > /tmp/attack39/after
  echo "== $name [$*] rc=$rc :: $(head -c 300 /tmp/attack39/o | tr '\n' ' ')"
  diff /tmp/attack39/before /tmp/attack39/after | grep '^[<>]' | grep -v 'before\|after' | head -8
}
mkdir adir
ln -s good.db link_good.db
ln -s nothere.db dangling.db
ln -s /dev/zero zero.db
mkfifo fifo.db
python3 - <<'PY'
import sqlite3
c=sqlite3.connect('foreign_journal.db'); c.execute("create table journal(id integer primary key, msg text)"); c.execute("insert into journal(msg) values('hi')"); c.commit(); c.close()
c=sqlite3.connect('foreign_cols.db'); c.execute("create table journal(seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)"); c.execute("create table mydata(x)"); c.execute("insert into mydata values(42)"); c.commit(); c.close()
c=sqlite3.connect('foreign_appid.db'); c.execute("pragma application_id=1178958181"); c.execute("create table things(x)"); c.execute("insert into things values(1)"); c.commit(); c.close()
c=sqlite3.connect('appid_only.db'); c.execute("pragma application_id=1178958181"); c.commit(); c.close()
c=sqlite3.connect('appid_uv.db'); c.execute("pragma application_id=1178958181"); c.execute("pragma user_version=11"); c.execute("create table things(x)"); c.commit(); c.close()
c=sqlite3.connect('uv_only.db'); c.execute("pragma user_version=11"); c.commit(); c.close()
PY
for door in "journal verify" "journal audit" "journal tail" "decisions list" "token list" "mcp pins list" "approvals list" "sessions list"; do
 for db in adir link_good.db dangling.db zero.db fifo.db foreign_journal.db foreign_cols.db foreign_appid.db appid_only.db appid_uv.db uv_only.db; do
   run "$db" "$db" $door
 done
done
