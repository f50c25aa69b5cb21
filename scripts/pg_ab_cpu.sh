#!/bin/bash
# One `bench replicas` run on PostgreSQL with its CPU split (fast10's table shape, ADR-1050's figures):
# decisions/s, p50/p99, the postgres processes' CPU per decision, the `serve` replicas' CPU per decision, and the
# 1-minute load average when the run began.
#   PGDATA=… scripts/pg_ab_cpu.sh PGURL FOUREYES_BIN LABEL [bench replicas args...]
# PGURL names a loopback cluster whose data directory is $PGDATA (for the postmaster's pid). Postgres CPU: the
# postmaster's own, its reaped children's (the bench drops its databases WITH (FORCE), so their backends end) and
# its live children's (WAL writer, checkpointer, …), before and after. Replica CPU: every child of the bench process
# (`foureyes serve`), utime+stime sampled every 0.2 s, the last sample each (startup and the 1 s warm-up included).
# Client CPU: the bench process's own (its HTTP clients), sampled likewise. Columns: label | run | decisions/s |
# p50 / p99 ms | postgres µs/decision | replica µs/decision | client µs/decision | load.
# Runs the bench under `nice -n 5`.
set -euo pipefail
url=$1 bin=$2 label=$3; shift 3
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--replicas 1 --connections 64 --seconds 10)
tick=$(getconf CLK_TCK)
pm=$(head -1 "$PGDATA/postmaster.pid")
pgcpu() {
  local total
  total=$(awk '{print $14+$15+$16+$17}' "/proc/$pm/stat")
  for c in $(pgrep -P "$pm"); do
    total=$((total + $(awk '{print $14+$15}' "/proc/$c/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
out=$(mktemp); samples=$(mktemp)
load=$(awk '{print $1}' /proc/loadavg)
a=$(pgcpu)
nice -n 5 "$bin" --db "$url" bench replicas "${args[@]}" --json >"$out" 2>/dev/null &
bench=$!
for _ in $(seq 1 600); do
  kill -0 "$bench" 2>/dev/null || break
  awk '{print "bench", $14+$15}' "/proc/$bench/stat" 2>/dev/null >>"$samples" || true
  for c in $(pgrep -P "$bench" 2>/dev/null); do
    awk -v p="$c" '{print p, $14+$15}' "/proc/$c/stat" 2>/dev/null >>"$samples" || true
  done
  sleep 0.2
done
wait "$bench"
sleep 1
b=$(pgcpu)
python3 - "$label" "$a" "$b" "$tick" "$load" "$out" "$samples" <<'PY'
import json, sys
label, a, b, tick, load, out, samples = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
runs = json.load(open(out))
last = {}
for line in open(samples):
    pid, ticks = line.split()
    last[pid] = max(last.get(pid, 0), int(ticks))
n = sum(r["decisions"] for r in runs)
client_s = last.pop("bench", 0) / tick
replica_s = sum(last.values()) / tick
pg_s = (b - a) / tick
for r in runs:
    print(f"{label} | replicas {r['replicas']}, namespaces {r['namespaces']} | {r['decisions_per_second']:.0f} | "
          f"{r['p50_ms']:.0f} / {r['p99_ms']:.0f} | {1e6 * pg_s / n:.0f} | {1e6 * replica_s / n:.0f} | "
          f"{1e6 * client_s / n:.0f} | {load}")
PY
rm -f "$out" "$samples"
