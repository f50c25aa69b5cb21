#!/bin/bash
# F417: the database path itself is not FourEyes': another program's database, an empty file, zeros then data, a forged header
F=/work/attack38/foureyes; P=/work/attack38/scripts/policy.yaml; B=/tmp/attack38/dbpath; rm -rf $B; mkdir -p $B; cd $B
mk() { rm -f $1 $1-wal $1-shm $1-journal $1.clock; eval "$2"; }
run() { local name=$1; shift; local h0=$(sha256sum $name | cut -c1-16) s0=$(stat -c %s $name)
  out=$("$@" 2>&1); rc=$?; local h1=$(sha256sum $name 2>/dev/null| cut -c1-16) s1=$(stat -c %s $name 2>/dev/null)
  echo "  $(echo $* | sed 's#/work/attack38/foureyes#foureyes#; s#--policy /work/attack38/scripts/policy.yaml##' | cut -c1-60): rc=$rc $h0($s0) -> $h1($s1) $([ "$h0" = "$h1" ] && echo untouched || echo WRITTEN) companions: $(ls $name-* $name.clock 2>/dev/null | tr '\n' ' ')"
  echo "     $(echo "$out" | grep -v '^warning\|^seal:' | head -1 | cut -c1-230)"; }
cases=(
 "other|python3 -c \"import sqlite3;c=sqlite3.connect('other');c.execute('create table t(a)');c.execute('insert into t values(1)');c.commit()\""
 "otherwal|python3 -c \"import sqlite3;c=sqlite3.connect('otherwal');c.execute('pragma journal_mode=wal');c.execute('create table t(a)');c.commit()\""
 "emptyfile|: > emptyfile"
 "zerohead|python3 -c \"open('zerohead','wb').write(b'\\0'*32768+b'ISO-LIKE PRECIOUS DATA'*100)\""
 "forged|python3 -c \"open('forged','wb').write(b'SQLite format 3\\0'+b'FOREIGN CONTENT '*300)\""
 "emptydb|python3 -c \"import sqlite3;c=sqlite3.connect('emptydb');c.execute('pragma user_version=1');c.commit()\""
)
for c in "${cases[@]}"; do n=${c%%|*}; g=${c#*|}; echo "[$n]"
  mk $n "$g"; run $n $F --db $n journal verify
  mk $n "$g"; run $n $F --db $n token create --name x --role agent
  mk $n "$g"; run $n timeout 4 $F --db $n --policy $P serve --listen 127.0.0.1:18099
done
