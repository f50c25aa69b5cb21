#!/bin/bash
# The learned second reading measured on sets its model never saw (ADR-1600): trains a model without the held sets,
# runs `eval benchmark` on each held set with the grammar alone (a model with no features) and with that model, and
# prints the totals and every ticket decided differently.
#   scripts/intent-heldout.sh [path/to/support-desk] [OUT]     (default: target/release/support-desk, /tmp/intent-heldout)
# The held sets are the session-30…34 blind and oracle sets: blind64–73, val41a–45c (ADR-1600's 2,500 tickets).
set -eu
cd "$(dirname "$0")/.."
B=$(readlink -f "${1:-target/release/support-desk}"); O=${2:-/tmp/intent-heldout}; E=apps/support-desk/evals
HELD='blind6[4-9]|blind7[0-3]|val4[1-5][abc]'
mkdir -p "$O/grammar" "$O/model"
printf '# support-desk intent model v1: feature, idf, weights for inquiry request unsettled harm\nintercept\t0\t0\t0\t0\n' > "$O/empty.tsv"
# shellcheck disable=SC2046
"$B" eval train-intent --out "$O/held.tsv" --input $E/benchmark.jsonl \
  $(ls $E/*/benchmark.jsonl $E/*/probes.jsonl $E/*/probe.jsonl $E/*/kinds.jsonl 2>/dev/null | grep -Ev "/($HELD)/" | sort)
run() { # MODEL TAG SET
  local s; s=$(basename "$3"); local d; d=$(mktemp -d)
  SUPPORT_DESK_INTENT_MODEL=$1 "$B" --db "$d/b.db" --foureyes-db "$d/f.db" eval benchmark --input "$3/benchmark.jsonl" \
    --report "$O/$2/$s.json" >/dev/null 2>&1
  rm -rf "$d"
}
for d in $(ls -d $E/*/ | grep -E "/($HELD)/$"); do
  run "$O/empty.tsv" grammar "${d%/}" & run "$O/held.tsv" model "${d%/}" & wait
done
python3 - "$O" <<'PY'
import json, glob, os, sys
o = sys.argv[1]; ta = tb = n = 0
for f in sorted(glob.glob(f'{o}/grammar/*.json')):
    ra = json.load(open(f)); rb = json.load(open(f'{o}/model/{os.path.basename(f)}'))
    ta += ra['correct']; tb += rb['correct']; n += ra['total']
    ma = {m['id']: m for m in ra['misses']}; mb = {m['id']: m for m in rb['misses']}
    for i in sorted(set(ma) | set(mb)):
        if ma.get(i) != mb.get(i):
            got = lambda m: 'ok' if m is None else f"{m['got_action']} {'/'.join(m.get('got_refs') or [])}"
            print(f"{i}: grammar {got(ma.get(i))} -> model {got(mb.get(i))}")
print(f"grammar alone {ta}/{n}; with the second reading (trained without these sets) {tb}/{n}")
PY
