#!/bin/bash
# Odd companions beside a good FourEyes database, read door journal verify
F=/work/attack39/foureyes; D=/tmp/attack39/c; rm -rf $D; mkdir -p $D; cd $D
$F --db base.db token create --name a --role agent >/dev/null 2>&1
t(){ # name, suffix, setup-cmd
  rm -rf x; mkdir x; cp base.db x/g.db; cd x; echo victim > victim; eval "$3"; ls -la > ../before 2>&1; sum1=$(sha256sum victim g.db 2>/dev/null | tr '\n' ' ')
  timeout 15 $F --db g.db journal verify > ../o 2>&1; rc=$?
  ls -la > ../after 2>&1; sum2=$(sha256sum victim g.db 2>/dev/null| tr '\n' ' ')
  echo "== $1 rc=$rc :: $(head -c 300 ../o | tr '\n' ' ')"; diff ../before ../after | grep '^[<>]' | grep -v ' \.$' | head -6; [ "$sum1" != "$sum2" ] && echo "  CONTENT CHANGED: $sum1 -> $sum2"
  cd ..
}
t "wal symlink to victim" wal 'ln -s victim g.db-wal'
t "shm symlink to victim" shm 'ln -s victim g.db-shm'
t "wal dangling symlink" wal 'ln -s nowhere g.db-wal'
t "wal symlink /dev/zero" wal 'ln -s /dev/zero g.db-wal'
t "shm symlink /dev/zero" shm 'ln -s /dev/zero g.db-shm'
t "wal fifo" wal 'mkfifo g.db-wal'
t "shm fifo" shm 'mkfifo g.db-shm'
t "wal directory" wal 'mkdir g.db-wal'
t "wal hardlink to victim" wal 'ln victim g.db-wal'
t "wal 1GiB sparse all zeros" wal 'truncate -s 1G g.db-wal'
t "shm 1GiB sparse all zeros" shm 'truncate -s 1G g.db-shm'
t "wal 70MiB real zeros" wal 'dd if=/dev/zero of=g.db-wal bs=1M count=70 status=none'
t "wal 60MiB zeros then data at 63.9MiB sparse" wal 'truncate -s 64M g.db-wal; printf X | dd of=g.db-wal bs=1 seek=67000000 conv=notrunc status=none'
t "journal (rollback) of text" jr 'echo hello > g.db-journal'
t "journal of zeros then data" jr 'dd if=/dev/zero of=g.db-journal bs=4096 count=2 status=none; echo data >> g.db-journal'
t "wal zero-length" wal ': > g.db-wal'
t "wal other program valid WAL w/ forged FE journal cols" wal 'python3 -c "
import sqlite3,shutil,time
c=sqlite3.connect(\"o.db\",isolation_level=None); c.execute(\"pragma journal_mode=wal\"); c.execute(\"create table journal(seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)\"); c.execute(\"pragma wal_autocheckpoint=0\"); c.execute(\"create table secrets(x)\"); c.execute(\"insert into secrets values(1)\")
shutil.copy(\"o.db-wal\",\"g.db-wal\")"; rm -f o.db*'
