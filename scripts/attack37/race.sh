#!/bin/bash
# race.sh MODE SECS NAMES(wal,shm) DOORKIND  -- 1 toggler + 2 door loops; counts opens, refusals, key changes
FE=/work/attack37/foureyes; TG=/work/attack37/scripts/toggle
MODE=${1:-0}; SECS=${2:-20}; COMPS=${3:-wal,shm}; KIND=${4:-mix}
T=/tmp/attack37/race.$$; rm -rf $T; mkdir -p $T/keys $T/d
head -c 40000 /dev/urandom > $T/keys/k; H=$(sha256sum < $T/keys/k)
export FOUREYES_POLICY=/work/attack37/scripts/p.yaml
$FE --db $T/d/t.db token create --name admin0 --role admin >/dev/null 2>&1
NAMES=$(echo $COMPS | tr ',' '\n' | sed "s|^|$T/d/t.db-|" | paste -sd,)
$TG $T/keys/k $NAMES $SECS $MODE > $T/tg.out &
TGPID=$!
doorloop(){ local id=$1 i=0; local end=$((SECONDS+SECS))
  while [ $SECONDS -lt $end ]; do i=$((i+1))
    case $(( (i+id) % 4 )) in
      0) $FE --db $T/d/t.db token create --name n$id.$i --role agent ;;
      1) $FE --db $T/d/t.db journal verify ;;
      2) $FE --db $T/d/t.db decide --agent bot --action t.read --params '{"q":"x'$i'"}' --request-id r$id.$i ;;
      3) $FE --db $T/d/t.db decisions list ;;
    esac >/dev/null 2>$T/err.$id.$i; echo "$? $(tr '\n' ' ' < $T/err.$id.$i | cut -c1-400)" >> $T/res.$id; rm -f $T/err.$id.$i
    [ "$(sha256sum < $T/keys/k)" = "$H" ] || { echo "KEY CHANGED after door $id.$i size=$(stat -c %s $T/keys/k)" >> $T/res.$id; head -c 40000 /dev/urandom > $T/keys/k; H2=1; H=$(sha256sum < $T/keys/k); }
  done; }
doorloop 1 & P1=$!; doorloop 2 & P2=$!
wait $P1 $P2 $TGPID
cat $T/tg.out
cat $T/res.* > $T/all
echo "doors=$(wc -l < $T/all) ok=$(grep -c '^0 ' $T/all) keychanged=$(grep -c 'KEY CHANGED' $T/all)"
grep -v '^0 ' $T/all | grep -v KEY | sed 's/[0-9a-f]\{16,\}/H/g; s/race\.[0-9]*/race.N/g' | cut -c1-250 | sort | uniq -c | sort -rn | head -12
grep 'KEY CHANGED' $T/all | head
echo "final key: $( [ "$(sha256sum < $T/keys/k)" = "$H" ] && echo intact || echo CHANGED)"
$FE --db $T/d/t.db journal verify >/dev/null 2>&1; echo "final verify rc=$?"
echo "dir=$T"
