#!/bin/bash
# Where a PostgreSQL decision's server time goes: one `bench replicas` run, then pg_stat_statements per statement
# (calls and execution time per decision) beside the postgres backends' whole CPU per decision (the postmaster's
# reaped children: the bench drops its databases WITH (FORCE), so their backends have ended). The gap between the two
# is what the server spends outside statement execution: the protocol, executor start-up, transaction and WAL work.
#   scripts/pg_statements.sh PGURL FOUREYES_BIN [bench replicas args...]
# PGURL names a loopback cluster started with `-c shared_preload_libraries=pg_stat_statements -c
# pg_stat_statements.track=all` whose data directory is $PGDATA (for the postmaster's pid).
set -euo pipefail
url=$1 bin=$2; shift 2
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--replicas 1 --connections 64 --seconds 10)
tick=$(getconf CLK_TCK)
pm=$(head -1 "$PGDATA/postmaster.pid")
pgcpu() { awk -v t="$tick" '{print ($14+$15+$16+$17)/t}' "/proc/$pm/stat"; }
psql "$url" -qAtc "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()" >/dev/null
a=$(pgcpu); load=$(awk '{print $1}' /proc/loadavg)
out=$("$bin" --db "$url" bench replicas "${args[@]}" --json 2>/dev/null)
sleep 1; b=$(pgcpu)
n=$(python3 -c 'import json,sys; print(sum(r["decisions"] for r in json.loads(sys.argv[1])))' "$out")
echo "load $load, $n decisions, postgres CPU $(python3 -c "print(round(1e6*($b-$a)/$n))") µs per decision"
psql "$url" -P footer=off -c "
  SELECT round(calls::numeric / $n, 2) AS per_decision, calls,
         round((1000 * total_exec_time / $n)::numeric, 1) AS exec_us_per_decision,
         left(regexp_replace(query, '\s+', ' ', 'g'), 70) AS statement
  FROM pg_stat_statements
  WHERE query NOT LIKE '--%' AND query NOT LIKE 'CREATE %' AND query NOT LIKE '%DATABASE%'
  ORDER BY total_exec_time DESC LIMIT 12"
psql "$url" -qAtc "SELECT 'all statements: ' || round((1000 * sum(total_exec_time) / $n)::numeric, 1) || ' µs of execution per decision'
  FROM pg_stat_statements WHERE query NOT LIKE '--%' AND query NOT LIKE 'CREATE %' AND query NOT LIKE '%DATABASE%'"
