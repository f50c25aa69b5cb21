#!/bin/bash
# H9 re-run: a fork B's log renamed onto A.db-wal and away in bursts while A's doors run. Does B's token reach A?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
N=${1:-100}; DOOR=${2:-kill}
W=/tmp/attack44/h9; rm -rf $W; mkdir -p $W; cd $W
$F --db A.db token create --name bot --role agent >/dev/null
$F --db A.db decide --agent bot --action t.act --params '{"n":0}' --request-id init >/dev/null
cp A.db B.db; cp A.db.head B.db.head
# B's divergent event kept in B's log: a reader pins the log while B's door commits
python3 - <<'PY'
import sqlite3,subprocess,shutil,os
c=sqlite3.connect("B.db"); c.execute("begin"); c.execute("select count(*) from journal").fetchall()
subprocess.run(["/work/attack44/foureyes","--db","B.db","token","create","--name","onlyB","--role","admin"],stdout=subprocess.DEVNULL,check=True)
shutil.copy("B.db-wal","Bwal"); c.rollback(); c.close()
PY
$F --db A.db token create --name onlyA --role admin >/dev/null
ls -la Bwal; cat A.db.head | head -4; $F secret new-key > key
python3 - "$N" "$DOOR" <<'PY' &
import os,sys,time,shutil
data=open("Bwal","rb").read()
end=time.time()+600
i=0
while time.time()<end and not os.path.exists("stop"):
    with open("t.wal","wb") as f: f.write(data)
    os.rename("t.wal","A.db-wal"); i+=1
    time.sleep(0.0005)
    try: os.rename("A.db-wal","gone.wal")
    except FileNotFoundError: pass
    time.sleep(0.001)
open("plants","w").write(str(i))
PY
PL=$!
declare -A codes
for i in $(seq 1 $N); do
  if [ "$DOOR" = kill ]; then
    if (( i % 2 )); then a=on; else a=off; fi
    timeout 30 $F --db A.db kill-switch $a >o.txt 2>&1; rc=$?
  else
    echo "s$i" | timeout 30 $F --db A.db secret set --secrets-key-file key s$i >o.txt 2>&1; rc=$?
  fi
  codes[$rc]=$(( ${codes[$rc]:-0} + 1 ))
  t=$(sqlite3 "file:A.db?immutable=1" "select group_concat(name) from tokens" 2>&1)
  case "$t" in *onlyB*|*malformed*|*"not a database"*) echo "run $i rc=$rc: A.db alone: $t; door said: $(head -c 300 o.txt)"; break;; esac
done
touch stop; wait $PL; rm -f A.db-wal
for k in "${!codes[@]}"; do echo "exit $k: ${codes[$k]}"; done; echo "plants: $(cat plants)"
$F --db A.db journal verify 2>&1 | head -c 300; echo; $F --db A.db journal audit 2>&1 | head -c 400; echo
sqlite3 "file:A.db?immutable=1" "select group_concat(name) from tokens"
