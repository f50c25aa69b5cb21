#!/bin/bash
# Build attack 41's H1 layout: A.db whose newest events are only in its own -wal, and B (a fork of A)
# whose -wal holds B's own history; then plant B's log at A.db-wal. Usage: fork_setup.sh DIR
set -u
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml
D=$1; rm -rf "$D"; mkdir -p "$D"; cd "$D"
$F --db A.db token create --name bot --role agent >tok.txt
$F --db A.db --policy $P decide --agent bot --action climate.set --params '{"c":20}' --request-id h1 >/dev/null
# pin A's log with a reader that holds a read transaction (killed -9 later: no checkpoint at its close)
python3 - A.db <<'PY' &
import sqlite3,sys,time
c=sqlite3.connect(sys.argv[1],isolation_level=None); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
time.sleep(60)
PY
PA=$!; sleep 0.5
$F --db A.db --policy $P decide --agent bot --action climate.set --params '{"c":21}' --request-id h2 >/dev/null
cp A.db B.db; cp A.db-wal B.db-wal
python3 - B.db <<'PY' &
import sqlite3,sys,time
c=sqlite3.connect(sys.argv[1],isolation_level=None); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
time.sleep(60)
PY
PB=$!; sleep 0.5
$F --db B.db token create --name onlyB --role admin >onlyB.tok
$F --db B.db --policy $P decide --agent bot --action climate.set --params '{"c":30}' --request-id onlyB >/dev/null
$F --db A.db token create --name onlyA --role admin >onlyA.tok
$F --db A.db --policy $P decide --agent bot --action climate.set --params '{"c":22}' --request-id h3-onlyA >/dev/null
kill -9 $PA $PB; wait 2>/dev/null
cp A.db-wal A.own-wal
cp B.db-wal A.db-wal; rm -f A.db-shm
sha256sum A.db A.db-wal > sums.before
echo "A head:"; head -4 A.db.head
