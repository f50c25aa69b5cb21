#!/bin/bash
# A deliberate restore of an older copy (no log) is opened (ADR-409/ADR-1440(c)); the first write door permits,
# and then every door refuses the database.
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/rw}; rm -rf $D; mkdir -p $D; cd $D; cp /tmp/attack46/p.yaml .
$F --db A.db token create --name bot --role agent > tok.out
for i in 1 2; do $F --db A.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":1$i}" --request-id r$i >/dev/null; done
cp A.db backup.db; ls A.db-wal 2>/dev/null
for i in 3 4 5 6; do $F --db A.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":1$i}" --request-id r$i >/dev/null; done
echo "record: $(sed -n 3p A.db.head | cut -c1-20)"; ls A.db*
cp backup.db A.db   # the restore (record left, no log)
$F --db A.db journal verify | head -1; echo "verify rc=$?"
for i in 7 8 9 10; do $F --db A.db --policy p.yaml decide --agent bot --action climate.set --params "{\"c\":2$i}" --request-id s$i > out.s$i 2> err.s$i; echo "decide s$i rc=$?: $(head -c 160 out.s$i) $(head -c 400 err.s$i)"; done
echo "record: $(sed -n 3p A.db.head | cut -c1-20)"; ls A.db*
$F --db A.db report 3 --outcome executed 2>&1 | cut -c1-250; echo "report rc=${PIPESTATUS[0]}"
$F --db A.db journal verify 2>&1 | cut -c1-250; echo "verify rc=${PIPESTATUS[0]}"
