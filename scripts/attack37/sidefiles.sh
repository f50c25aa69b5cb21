#!/bin/bash
# other files the doors write next to the database: .clock anchor, namespace db companions, journal checkpoint --out
FE=/work/attack37/foureyes
T=/tmp/attack37/side; rm -rf $T; mkdir -p $T/keys
export FOUREYES_POLICY=/work/attack37/scripts/p.yaml
mkkey(){ head -c ${1:-78} /dev/urandom > $T/keys/k; H=$(sha256sum < $T/keys/k); }
chk(){ [ "$(sha256sum < $T/keys/k)" = "$H" ] && echo "  key intact" || echo "  KEY CHANGED ($(stat -c %s $T/keys/k) B): $(head -c 120 $T/keys/k | tr -c '[:print:]' '.')"; }
prep(){ rm -rf $T/d; mkdir -p $T/d; $FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1; }
run(){ "$@" >$T/o 2>&1; echo "  rc=$? $(head -c 250 $T/o | tr '\n' ' ')"; }
for kind in hard sym; do
 echo "== $kind link at t.db.clock -> key (existing clock removed)"; prep; mkkey; rm -f $T/d/t.db.clock; [ $kind = hard ] && ln $T/keys/k $T/d/t.db.clock || ln -s $T/keys/k $T/d/t.db.clock
 run $FE --db $T/d/t.db decide --agent bot --action t.read --params '{"q":"a"}'; chk
 echo "== $kind link at t.db.clock -> key, fresh db"; rm -rf $T/d; mkdir -p $T/d; mkkey; [ $kind = hard ] && ln $T/keys/k $T/d/t.db.clock || ln -s $T/keys/k $T/d/t.db.clock
 run $FE --db $T/d/t.db token create --name a --role admin; chk
 echo "== $kind link at foureyes.ns-x.db-shm -> key"; prep; mkkey 40000; cp -f $T/d/t.db $T/d/foureyes.db 2>/dev/null; rm -f $T/d/*-shm
 [ $kind = hard ] && ln $T/keys/k $T/d/foureyes.ns-x.db-shm || ln -s $T/keys/k $T/d/foureyes.ns-x.db-shm
 run $FE --db $T/d/foureyes.db --namespace x token create --name b --role agent; chk
 echo "== $kind link at checkpoint --out -> key"; prep; mkkey 500; $FE journal keygen --out $T/keys/kk >/dev/null 2>&1; [ $kind = hard ] && ln $T/keys/k $T/d/cp.txt || ln -s $T/keys/k $T/d/cp.txt
 run $FE --db $T/d/t.db journal checkpoint --signing-key $T/keys/kk/journal.key --out $T/d/cp.txt; chk
 echo "== $kind link at journal export file -> key"; prep; mkkey 500; [ $kind = hard ] && ln $T/keys/k $T/d/exp.jsonl || ln -s $T/keys/k $T/d/exp.jsonl
 $FE journal export --help 2>/dev/null | grep -q -- '--out' && run $FE --db $T/d/t.db journal export --out $T/d/exp.jsonl; chk
done
