#!/bin/bash
# HOLE: a FIFO at --db, DB-wal or DB-shm makes read doors hang (no refusal, no exit code); bounded by timeout 10
F=/work/attack39/foureyes; D=/tmp/attack39/ff; rm -rf $D; mkdir -p $D; cd $D
mkfifo fifo.db; timeout 10 $F --db fifo.db journal verify; echo "fifo --db: rc=$? (124 = still hanging after 10 s)"
$F --db g.db token create --name a --role agent >/dev/null 2>&1
mkfifo g.db-wal; timeout 10 $F --db g.db journal verify; echo "fifo -wal: rc=$?"; rm g.db-wal
mkfifo g.db-shm; timeout 10 $F --db g.db journal verify; echo "fifo -shm: rc=$?"; ls -l
