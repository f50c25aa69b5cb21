#!/bin/bash
# H9b: the same race with `secret set` as the door: within 1-5 runs A.db ends either with B's history (onlyA gone) or DESTROYED
# (page 1 overwritten by a b-tree leaf: "file is not a database"); the doors that did it exit 8 (ADR-1310 refusal text, or "disk I/O error").
export DOOR=secret-set
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h9; rm -rf $W; mkdir -p $W; cd $W
export FOUREYES_POLICY=/tmp/attack41/h1/pol.yaml
cat > /dev/null <<'P'
P
cp /tmp/attack41/h1/pol.yaml . 2>/dev/null || true
$F --db A.db token create --name bot --role agent >/dev/null; cp A.db B.db; cp A.db.clock B.db.clock
$F --db A.db token create --name onlyA --role agent >/dev/null                     # A moves on (checkpointed)
python3 $S/reader.py B.db 20 > reader.log & R=$!; for i in $(seq 1 50); do grep -q snapshot reader.log 2>/dev/null && break; sleep 0.1; done
$F --db B.db token create --name onlyB --role admin >/dev/null; cp B.db-wal B.wal; kill -9 $R; wait $R 2>/dev/null
echo "before: A tokens: $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens')"
timeout 600 python3 $S/race_look.py $W ${N:-400}
echo "after:  A tokens: $(sqlite3 'file:A.db?immutable=1' 'select group_concat(name) from tokens')"
rm -f A.db-wal A.db-shm; $F --db A.db journal verify; $F --db A.db journal audit | head -4
