#!/bin/bash
# Do concurrent doors leave DB.head's "last" behind the journal's real last event?
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
D=${1:-/tmp/attack44/c1}; ROUNDS=${2:-30}; PAR=${3:-6}
cd $D; rm -f S.db*
$F --db S.db decide --agent bot --action t.act --params '{"n":0}' --request-id init >/dev/null
stale=0
for r in $(seq 1 $ROUNDS); do
  pids=()
  for p in $(seq 1 $PAR); do
    $F --db S.db decide --agent bot --action t.act --params "{\"n\":$p}" --request-id "r$r-$p" >/dev/null 2>>err.txt & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait $pid; done
  real=$(sqlite3 "file:S.db?mode=ro" "select max(seq) from journal")
  head=$(awk '/^last/{print $2}' S.db.head)
  if [ "$real" != "$head" ]; then stale=$((stale+1)); echo "round $r: journal last $real, DB.head last $head"; fi
done
echo "stale rounds: $stale of $ROUNDS"; sort err.txt | uniq -c | head
