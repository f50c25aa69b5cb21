#!/bin/bash
# A/B of `bench replicas` on PostgreSQL with the CPU split: decisions/s, the postgres backends' CPU per decision
# (the postmaster's reaped children: the bench drops its databases WITH (FORCE), so their backends have ended) and
# the bench process's own (client + serve replicas) CPU per decision.
#   scripts/ab_replicas.sh PGURL BEFORE AFTER [bench replicas args...]
# PGURL names a loopback cluster whose data directory is $PGDATA (for the postmaster's pid).
set -euo pipefail
url=$1 before=$2 after=$3; shift 3
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--replicas 1 --connections 64 --seconds 10)
tick=$(getconf CLK_TCK)
pm=$(head -1 "$PGDATA/postmaster.pid")
pgcpu() { awk -v t="$tick" '{print ($14+$15+$16+$17)/t}' "/proc/$pm/stat"; }
run() {
  local name=$1 bin=$2 a b out t0 t1
  a=$(pgcpu)
  t0=$(awk '{print $1}' /proc/loadavg)
  out=$(mktemp); err=$(mktemp)
  /usr/bin/time -o "$err" -f 'CPU %U %S' "$bin" --db "$url" bench replicas "${args[@]}" --json >"$out" 2>/dev/null
  sleep 1; b=$(pgcpu)
  python3 - "$name" "$a" "$b" "$t0" "$out" "$err" <<'PY'
import json,sys,re
name,a,b,load=sys.argv[1],float(sys.argv[2]),float(sys.argv[3]),sys.argv[4]
runs=json.load(open(sys.argv[5]))
cpu=re.search(r'CPU ([0-9.]+) ([0-9.]+)',open(sys.argv[6]).read()); own=float(cpu.group(1))+float(cpu.group(2))
n=sum(r['decisions'] for r in runs)
for r in runs:
    print(f"{name:7} replicas={r['replicas']} ns={r['namespaces']} {r['decisions_per_second']:.0f}/s p99={r['p99_ms']:.0f}ms", end=' ')
print(f"postgres_cpu_us={1e6*(b-a)/n:.0f} bench_cpu_us={1e6*own/n:.0f} load={load}")
PY
  rm -f "$out" "$err"
}
run before "$before"; run after "$after"; run after "$after"; run before "$before"
