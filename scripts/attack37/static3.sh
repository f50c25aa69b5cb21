#!/bin/bash
# symlink at DB redirects the companions: any key named <something>-wal / -shm is written
FE=/work/attack37/foureyes
T=/tmp/attack37/static3; rm -rf $T; mkdir -p $T/keys $T/d
head -c 40000 /dev/urandom > $T/keys/x-shm; head -c 40000 /dev/urandom > $T/keys/x-wal
hs=$(sha256sum < $T/keys/x-shm); hw=$(sha256sum < $T/keys/x-wal)
ln -s $T/keys/x $T/d/t.db
$FE --db $T/d/t.db token create --name a1 --role agent >$T/o 2>&1; echo "rc=$? $(head -c 200 $T/o|tr '\n' ' ')"
for f in x-shm x-wal; do eval h=\$h${f#x-}; h=$([ $f = x-shm ] && echo "$hs" || echo "$hw"); if [ -e $T/keys/$f ]; then [ "$(sha256sum < $T/keys/$f)" = "$h" ] && echo "$f intact" || echo "$f CHANGED ($(stat -c %s $T/keys/$f) B)"; else echo "$f DELETED"; fi; done
ls -la $T/keys; df -T /tmp | tail -1
