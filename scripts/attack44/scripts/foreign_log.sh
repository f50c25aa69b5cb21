#!/bin/bash
# A log of another database C (not a fork: another first event) put at A.db-wal. The record is "not this journal's" for
# the view; what refuses it?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
W=/tmp/attack44/fl; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent >/dev/null
$F --db A.db decide --agent bot --action t.act --params '{"n":0}' --request-id init >/dev/null
sleep 1.1
$F --db C.db token create --name cbot --role agent >/dev/null
for i in 1 2 3 4 5; do $F --db C.db decide --agent cbot --action t.act --params "{\"n\":$i}" --request-id c$i >/dev/null; done
python3 - <<'PY'
import sqlite3,subprocess,shutil,os
F="/work/attack44/foureyes"
c=sqlite3.connect("file:C.db?mode=ro",uri=True); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
subprocess.run([F,"--db","C.db","token","create","--name","onlyC","--role","admin"],stdout=subprocess.DEVNULL,check=True)
shutil.copy("C.db-wal","A.db-wal"); c.close()
PY
rm -f A.db-shm; s0=$(sha256sum A.db | cut -c1-12)
for d in "journal verify" "decisions list" "kill-switch on" "token create --name z --role agent"; do $F --db A.db $d >o 2>&1; echo "[$d] rc=$? $(head -c 220 o | tr '\n' ' ')"; done
echo "A.db sha before $s0 after $(sha256sum A.db | cut -c1-12); tokens: $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens' 2>&1)"
