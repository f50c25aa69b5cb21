#!/bin/bash
# ADR-1214: exchange a foreign file with DB-wal / DB-shm while journal verify loops; bounded by SECS
F=/work/attack39/foureyes; D=/tmp/attack39/sw/d; COMP=${1:-g.db-wal}; SECS=${2:-40}
rm -rf $D; mkdir -p $D; cd $D; $F --db g.db token create --name a --role agent >/dev/null 2>&1
/tmp/attack39/sw/swapper $D $COMP $SECS & SP=$!
end=$((SECONDS+SECS)); n=0; declare -A rcs
while [ $SECONDS -lt $end ]; do $F --db g.db journal verify >/dev/null 2>>/tmp/attack39/sw/err; rc=$?; rcs[$rc]=$((${rcs[$rc]}+1)); n=$((n+1)); done
wait $SP
echo "verify runs $n; rcs: $(for k in "${!rcs[@]}"; do echo -n "$k:${rcs[$k]} "; done)"; ls $D | grep -c deleting; ls $D | head; sort /tmp/attack39/sw/err | cut -c1-160 | uniq -c | sort -rn | head -5
