#!/bin/bash
# 150 CLI doors at once on one database (decide, verify, list, kill-switch status); counts exit codes; then verify/audit.
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/burst}; rm -rf $D; mkdir -p $D/o; cd $D; cp /tmp/attack46/p.yaml .
$F --db B.db token create --name bot --role agent > tok
$F --db B.db --policy p.yaml serve --listen 127.0.0.1:18480 > serve.out 2>&1 & SP=$!; sleep 2; python3 -c "import sqlite3,time; c=sqlite3.connect(\"B.db\",isolation_level=None); c.execute(\"begin\"); c.execute(\"select count(*) from journal\").fetchall(); time.sleep(8)" & RP=$!
for i in $(seq 1 150); do
  case $((i%4)) in
   0|1) $F --db B.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":$((i%20+1))}" --request-id b$i > o/$i 2>&1; echo "decide $?" > o/$i.rc ;;
   2) $F --db B.db journal verify > o/$i 2>&1; echo "verify $?" > o/$i.rc ;;
   3) $F --db B.db kill-switch status > o/$i 2>&1; echo "ks $?" > o/$i.rc ;;
  esac &
done; wait $(jobs -p | grep -v "^$SP$" | grep -v "^$RP$")
kill $SP; wait $SP; echo "serve rc=$?"; kill -9 $RP 2>/dev/null
cat o/*.rc | sort | uniq -c
grep -l "error" o/[0-9]* 2>/dev/null | head -3 | while read f; do echo "$f: $(head -c 400 $f)"; done
$F --db B.db journal verify | head -1; $F --db B.db journal audit | tail -1
