#!/usr/bin/env bash
# F415's evidence, as a command: runs `one_name::a_link_raced_in_at_wal_or_shm_is_never_written_through` (a thread
# toggling a hard link to a key at the database's -wal/-shm while stores open and decide) RUNS times, each in its own
# process, beside BUSY busy loops (the race shows under load), and counts the runs in which the key was written, the
# runs that failed otherwise, and the ones that passed. Bounded: every busy loop stops after the last run.
# usage: scripts/one_name_race_loop.sh [RUNS=200] [BUSY=1]
# Before F415's fix this counted the key written in 3 of 157 runs (2026-12-04, two helpers building beside it);
# after it, 0 of 200.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-200}; BUSY=${2:-1}
cargo test -p foureyes-store-sqlite --test integration --no-run 2>/dev/null
BIN=$(cargo test -p foureyes-store-sqlite --test integration --no-run --message-format=json 2>/dev/null \
  | python3 -c 'import json,sys;print([m["executable"] for m in map(json.loads,sys.stdin) if m.get("executable")][-1])')
TEST=one_name::a_link_raced_in_at_wal_or_shm_is_never_written_through
busy=(); for _ in $(seq 1 "$BUSY"); do ( while :; do :; done ) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
written=0; other=0; passed=0
for i in $(seq 1 "$RUNS"); do
  out=$("$BIN" "$TEST" --exact --nocapture 2>&1)
  status=$?
  if [ $status -eq 0 ] && grep -q "1 passed" <<<"$out"; then passed=$((passed + 1))
  elif [ $status -eq 0 ]; then echo "the test was not found in $BIN" >&2; exit 2
  elif grep -q "victim was written" <<<"$out"; then written=$((written + 1)); echo "run $i: the key was written"
  else other=$((other + 1)); echo "run $i: failed otherwise: $(grep -m1 -E 'left:|panicked' <<<"$out")"; fi
  printf '\r%d/%d' "$i" "$RUNS" >&2
done
echo; echo "runs=$RUNS busy=$BUSY written=$written failed_otherwise=$other passed=$passed"
[ "$written" -eq 0 ]
