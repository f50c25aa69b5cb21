#!/bin/sh
# Rebuilds the support desk's learned second reading (ADR-1600) from every labelled set in the repository:
#   scripts/train-intent.sh [path/to/support-desk]
# Writes apps/support-desk/models/intent.tsv (deterministic: the same sets give the same file). To measure the model
# on sets it has not seen, train without them (`support-desk eval train-intent --input … --out /tmp/m.tsv`) and run
# `eval benchmark` with SUPPORT_DESK_INTENT_MODEL=/tmp/m.tsv.
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/support-desk}
E=apps/support-desk/evals
# shellcheck disable=SC2046
"$BIN" eval train-intent --out apps/support-desk/models/intent.tsv --input \
  $E/benchmark.jsonl $(ls $E/*/benchmark.jsonl $E/*/probes.jsonl $E/*/probe.jsonl $E/*/kinds.jsonl 2>/dev/null | sort)
