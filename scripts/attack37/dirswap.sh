#!/bin/bash
# dirswap.sh SECS: swap the database's directory (rename) with a decoy whose -wal/-shm are hard links to a key, doors running
FE=/work/attack37/foureyes; SECS=${1:-20}; export FOUREYES_POLICY=/work/attack37/scripts/p.yaml
T=/tmp/attack37/dswap; rm -rf $T; mkdir -p $T/keys $T/d
head -c 40000 /dev/urandom > $T/keys/k; H=$(sha256sum < $T/keys/k)
$FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1
cp -r $T/d $T/decoy; ln $T/keys/k $T/decoy/t.db-wal; ln $T/keys/k $T/decoy/t.db-shm
python3 - $T $SECS <<'PY' &
import os, sys, time
T, secs = sys.argv[1], float(sys.argv[2]); end = time.time() + secs; n = 0
while time.time() < end:
    os.rename(f"{T}/d", f"{T}/real"); os.rename(f"{T}/decoy", f"{T}/d")
    os.rename(f"{T}/d", f"{T}/decoy"); os.rename(f"{T}/real", f"{T}/d"); n += 1
print("swaps", n)
PY
SW=$!
doors(){ local end=$((SECONDS+SECS)) i=0; while [ $SECONDS -lt $end ]; do i=$((i+1));
  case $((i%3)) in 0) $FE --db $T/d/t.db journal verify;; 1) $FE --db $T/d/t.db decide --agent bot --action t.read --params '{"q":"a"}' --request-id r$1.$i;; 2) $FE --db $T/d/t.db token create --name n$1.$i --role agent;; esac >/dev/null 2>>$T/err.$1; echo $? >> $T/rc.$1; done; }
doors 1 & D1=$!; wait $D1 $SW
echo "doors=$(cat $T/rc.* | wc -l) ok=$(grep -c '^0$' $T/rc.*)"
sed 's/[0-9a-f]\{16,\}/H/g' $T/err.* | cut -c1-200 | sort | uniq -c | sort -rn | head -6
[ "$(sha256sum < $T/keys/k)" = "$H" ] && echo "key intact" || echo "KEY CHANGED"
