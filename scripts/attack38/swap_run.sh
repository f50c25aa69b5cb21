#!/bin/bash
# F417 "a file that becomes another between the check and its use": swap a foreign file in and out of DB-wal/-shm/-journal
# while `journal verify` (a read command) opens and closes the store in a loop. Bounded: $2 seconds per companion.
[ -f /tmp/attack38/base/fe.db ] || /work/attack38/scripts/mkbase.sh
F=/work/attack38/foureyes; D=/tmp/attack38/toctou; SECS=${2:-40}
for comp in ${1:-wal shm}; do
  rm -rf $D; mkdir -p $D; sqlite3 /tmp/attack38/base/fe.db ".backup $D/fe.db"
  /tmp/attack38/swap $D fe.db-$comp $SECS > $D/swap.out & SP=$!
  end=$((SECONDS+SECS)); runs=0; refused=0
  while [ $SECONDS -lt $end ]; do $F --db $D/fe.db journal verify > $D/v.out 2>&1 || refused=$((refused+1)); runs=$((runs+1)); done
  wait $SP
  echo "[-$comp] verify runs $runs (non-zero exits $refused); $(tail -1 $D/swap.out)"; grep -m3 '#' $D/swap.out
  grep -h "error" $D/v.out | head -1 | cut -c1-200
done
