#!/bin/bash
# H7 (attack 40): a forked copy's `-wal` (same first event as A) planted beside A; a write door applied it and A's own
# later events were gone, verify/audit "ok". Commands from the report's inline steps.
cd /tmp/attack40; F=${F:-foureyes}; S=$(cd "$(dirname "$0")" && pwd); D=fk; rm -rf $D; mkdir $D
$S/mkbase.sh $D/A.db; cp $D/A.db $D/B0.db; cp $D/A.db.clock $D/B0.db.clock
$F --db $D/A.db --policy $S/pol.yaml decide --agent onlyA --action lights.set --params '{"on":true}' >/dev/null
$F --db $D/A.db token create --name only-in-A --role agent >/dev/null
python3 $S/walbase.py $D/B0.db $D/B.db
cp $D/B.db-wal $D/A.db-wal
echo "before: $(sha256sum $D/A.db | cut -c1-12) $(ls $D | grep '^A' | tr '\n' ' ')"
$F --db $D/A.db journal verify; echo "verify rc=$?"
$F --db $D/A.db kill-switch on; echo "kill-switch on rc=$?"
echo "after: $(sha256sum $D/A.db | cut -c1-12) $(ls $D | grep '^A' | tr '\n' ' ')"
rm -f $D/A.db-wal $D/A.db-shm
$F --db $D/A.db token list | grep -c only-in-A | sed 's/^/only-in-A listed: /'
