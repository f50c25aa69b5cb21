#!/bin/bash
# F417: files planted beside the database; does `journal verify` / a writer / `serve` refuse, name it, and leave it alone?
/work/attack38/scripts/mkbase.sh
F=/work/attack38/foureyes; P=/work/attack38/scripts/policy.yaml; B=/tmp/attack38/files; BASE=/tmp/attack38/base/fe.db
mkdir -p $B; cd $B
# another program's database with a WAL of its own
rm -f other.db other.db-wal; python3 - <<'PY'
import sqlite3
c=sqlite3.connect('other.db'); c.execute('pragma journal_mode=wal'); c.execute('pragma wal_autocheckpoint=0')
c.execute('create table secrets(k,v)'); c.executemany('insert into secrets values(?,?)',[(i,'precious %d'%i) for i in range(200)]); c.commit()
import shutil; shutil.copy('other.db-wal','other_wal_copy'); shutil.copy('other.db','other_db_copy')
PY
plant() { # case-name file-suffix generator-command
  PLANTCMD="$3"
  rm -rf c_$1; mkdir c_$1; sqlite3 $BASE ".backup c_$1/fe.db"; cp /tmp/attack38/base/bot.json c_$1/ ; (cd c_$1; eval "$3"); }
check() { local d=c_$1 f=c_$1/fe.db$2; local before=$(sha256sum $f 2>/dev/null | cut -c1-16) sz=$(stat -c %s $f 2>/dev/null)
  out=$($F --db $d/fe.db journal verify 2>&1); rc=$?
  a1=$(sha256sum $f 2>/dev/null | cut -c1-16)
  tv=$(sqlite3 $d/fe.db .tables 2>&1 | tr -s ' \n' ' ' | cut -c1-40)
  plant $1 $2 "$PLANTCMD"; local b2=$(sha256sum $f | cut -c1-16)
  out2=$($F --db $d/fe.db --policy $P decide --agent bot --action note.add --params '{"text":"f"}' --request-id f$RANDOM 2>&1); rc2=$?
  a2=$(sha256sum $f 2>/dev/null | cut -c1-16); sz2=$(stat -c %s $f 2>/dev/null)
  tabs=$(sqlite3 $d/fe.db .tables 2>&1 | tr -s ' \n' ' ' | cut -c1-60)
  echo "[$1] planted fe.db$2 $before($sz B) | verify rc=$rc after=$a1 | decide rc=$rc2 after=${a2:-GONE}(${sz2:-} B) verify:$([ "$before" = "$a1" ] && echo untouched || echo CHANGED) decide:$([ "$before" = "$a2" ] && echo untouched || echo CHANGED) | tables after verify: $tv | after decide: $tabs"
  echo "    verify: $(echo "$out" | grep -v '^seal:' | head -2 | cut -c1-260)"
  echo "    decide: $(echo "$out2" | head -1 | cut -c1-260)"; }
plant wal_otherdb -wal "cp ../other_db_copy fe.db-wal"; check wal_otherdb -wal
plant wal_otherwal -wal "cp ../other_wal_copy fe.db-wal"; check wal_otherwal -wal
plant wal_zerohead -wal "python3 -c \"open('fe.db-wal','wb').write(b'\\0'*4096+b'PRECIOUS foreign data '*100)\""; check wal_zerohead -wal
plant wal_sparse -wal "truncate -s 1G fe.db-wal; printf 'PRECIOUS' | dd of=fe.db-wal bs=1 seek=900000000 conv=notrunc 2>/dev/null"; check wal_sparse -wal
plant wal_forged -wal "python3 -c \"import struct;open('fe.db-wal','wb').write(bytes.fromhex('377f0682')+b'FOREIGN CONTENT, not a log '*50)\""; check wal_forged -wal
plant shm_foreign -shm "python3 -c \"open('fe.db-shm','wb').write(b'foreign shm content'*2000)\""; check shm_foreign -shm
plant shm_zerohead -shm "python3 -c \"open('fe.db-shm','wb').write(b'\\0'*136+b'PRECIOUS'*4000)\""; check shm_zerohead -shm
plant jrnl_forged -journal "python3 -c \"open('fe.db-journal','wb').write(bytes.fromhex('d9d505f920a163d7')+b'FOREIGN journal content '*100)\""; check jrnl_forged -journal
plant jrnl_zerohead -journal "python3 -c \"open('fe.db-journal','wb').write(b'\\0'*512+b'PRECIOUS'*100)\""; check jrnl_zerohead -journal
plant jrnl_otherdb -journal "cp ../other_db_copy fe.db-journal"; check jrnl_otherdb -journal
