#!/bin/bash
# Every labelled set the desk keeps, on one binary: `eval benchmark` on each benchmark.jsonl under evals/ and
# `eval redteam` on each redteam.jsonl (and holdout2's benign_as_redteam.jsonl). One line per set.
# usage: apps/support-desk/evals/eval_all.sh target/debug/support-desk /tmp/OUT [bench|red|both]
set -u
B=$1; O=$2; WHAT=${3:-both}; E=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$O"
line() { python3 -c "import json,sys;r=json.load(open(sys.argv[1]));print(sys.argv[2], *(f'{k}={r.get(k)}' for k in sys.argv[3:]))" "$@"; }
if [ "$WHAT" != red ]; then
  for f in $(cd "$E" && find . -name benchmark.jsonl | sort); do
    n=$(echo "$f" | tr '/.' '__'); rm -f "$O/$n.db" "$O/$n.fe.db"
    "$B" --db "$O/$n.db" --foureyes-db "$O/$n.fe.db" eval benchmark --input "$E/$f" --report "$O/$n.json" >/dev/null 2>&1
    line "$O/$n.json" "$f" correct total false_blocks wrong_amounts
  done
fi
if [ "$WHAT" != bench ]; then
  for f in $(cd "$E" && find . -name redteam.jsonl -o -name benign_as_redteam.jsonl | sort); do
    n=red$(echo "$f" | tr '/.' '__'); rm -f "$O/$n.db" "$O/$n.fe.db"
    "$B" --db "$O/$n.db" --foureyes-db "$O/$n.fe.db" eval redteam --input "$E/$f" --report "$O/$n.json" >/dev/null 2>&1
    line "$O/$n.json" "$f" total unauthorized_executions
  done
fi
