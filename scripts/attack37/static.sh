#!/bin/bash
# static one-name probes: plant X at NAME, run a door, check key unchanged
FE=/work/attack37/foureyes
T=/tmp/attack37/static; rm -rf $T; mkdir -p $T/keys
mkkey(){ head -c 40000 /dev/urandom > $T/keys/k; sha256sum $T/keys/k | cut -c1-64 > $T/keys/k.sha; }
mkemptykey(){ : > $T/keys/k; sha256sum $T/keys/k | cut -c1-64 > $T/keys/k.sha; }
chk(){ if [ "$(sha256sum $T/keys/k | cut -c1-64)" = "$(cat $T/keys/k.sha)" ]; then echo "  key intact"; else echo "  KEY CHANGED size=$(stat -c %s $T/keys/k)"; fi; }
fresh(){ rm -rf $T/d; mkdir -p $T/d; }
prep(){ fresh; $FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1; }
door(){ $FE --db $T/d/t.db token create --name n$RANDOM --role agent 2>&1 | tail -2 | cut -c1-300; echo "  rc=$?"; }
for comp in wal shm journal; do
 echo "== symlink at t.db-$comp -> key (random content)"; prep; mkkey; rm -f $T/d/t.db-$comp; ln -s $T/keys/k $T/d/t.db-$comp; door; chk
 echo "== symlink at t.db-$comp -> empty key"; prep; mkemptykey; rm -f $T/d/t.db-$comp; ln -s $T/keys/k $T/d/t.db-$comp; door; chk
done
echo "== symlink t.db -> empty key (fresh db)"; fresh; mkemptykey; ln -s $T/keys/k $T/d/t.db; door; chk; ls -la $T/keys
echo "== hard link t.db -> empty key"; fresh; mkemptykey; ln $T/keys/k $T/d/t.db; door; chk
echo "== bind mount empty key over t.db"; fresh; mkemptykey; touch $T/d/t.db; mount --bind $T/keys/k $T/d/t.db && { door; chk; umount $T/d/t.db; }
for comp in wal shm; do
echo "== bind mount key over t.db-$comp"; prep; mkkey; touch $T/d/t.db-$comp; mount --bind $T/keys/k $T/d/t.db-$comp && { door; chk; umount $T/d/t.db-$comp; }
done
echo "== FIFO at t.db-wal"; prep; rm -f $T/d/t.db-wal; mkfifo $T/d/t.db-wal; timeout 10 $FE --db $T/d/t.db token create --name fifo --role agent 2>&1|tail -2|cut -c1-300; echo "  rc=$?"
echo "== dir bind mount: keys dir (key named t.db-shm) mounted over db dir after db created"; prep; mkdir -p $T/kd; head -c 40000 /dev/urandom > $T/kd/t.db-shm; cp $T/d/t.db $T/kd/t.db; h=$(sha256sum $T/kd/t.db-shm); mount --bind $T/kd $T/d && { door; [ "$(sha256sum $T/kd/t.db-shm)" = "$h" ] && echo "  key intact" || echo "  KEY CHANGED"; umount $T/d; }
