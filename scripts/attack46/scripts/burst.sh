#!/bin/bash
# 150 CLI doors at once on one database (decide, verify, list, kill-switch status); counts exit codes; then verify/audit.
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/burst}; rm -rf $D; mkdir -p $D/o; cd $D; cp /tmp/attack46/p.yaml .
$F --db B.db token create --name bot --role agent > tok
for i in $(seq 1 150); do
  case $((i%4)) in
   0|1) $F --db B.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":$((i%20+1))}" --request-id b$i > o/$i 2>&1; echo "decide $?" > o/$i.rc ;;
   2) $F --db B.db journal verify > o/$i 2>&1; echo "verify $?" > o/$i.rc ;;
   3) $F --db B.db kill-switch status > o/$i 2>&1; echo "ks $?" > o/$i.rc ;;
  esac &
done; wait
cat o/*.rc | sort | uniq -c
grep -l "error" o/[0-9]* 2>/dev/null | head -3 | while read f; do echo "$f: $(head -c 400 $f)"; done
$F --db B.db journal verify | head -1; $F --db B.db journal audit | tail -1
