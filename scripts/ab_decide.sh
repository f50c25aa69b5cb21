#!/usr/bin/env bash
# A/B of two `foureyes` release binaries on `bench decide`, interleaved so that drift in the machine's load hits both:
# three rounds of 1 and 64 callers with group commit on, then 64 callers with it off. Prints decisions/s, p99 and CPU
# per decision with the load average before each run. Usage: scripts/ab_decide.sh BEFORE_BINARY AFTER_BINARY
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BEFORE_BINARY AFTER_BINARY" >&2; exit 2; }
declare -A BIN=([before]="$1" [after]="$2")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run() { # label binary callers group-commit
  echo -n "$1 callers $3 group-commit $4 load $(cut -d' ' -f1 /proc/loadavg): "
  "$2" bench decide --dir "$dir" --callers "$3" --group-commit "$4" --seconds 5 --json 2>/dev/null | python3 -c \
    "import json,sys;r=json.load(sys.stdin)[0];print(f\"{r['decisions_per_second']:.0f}/s p99 {r['p99_ms']:.2f} ms cpu {r['cpu_us_per_decision']:.0f} us\")"
}
for round in 1 2 3; do
  for callers in 1 64; do
    for side in before after; do run "round $round $side" "${BIN[$side]}" "$callers" on; done
  done
done
for side in before after; do run "$side" "${BIN[$side]}" 64 off; done
