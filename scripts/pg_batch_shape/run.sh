#!/bin/bash
# Usage: PGDATA=/tmp/fast10-pg/data PGPORT=5453 scripts/pg_batch_shape/run.sh before|after, against a database `shape`
# migrated by `foureyes --db postgres://postgres@127.0.0.1:PORT/shape journal verify`. before.sql: one batch of 31
# decisions as main sent it (four inserts and RELEASE/SAVEPOINT per decision); after.sql: as ADR-900 sends it (one
# UNNEST insert per table). The same rows; realistic sizes of the journal data and request texts.
# SCRIPT: pgbench -M prepared, 1 client (the chain-head lock serializes writers), 10 s; postgres CPU per decision
# (31 decisions a transaction) from the postmaster's reaped children.
pm=$(head -1 "$PGDATA/postmaster.pid"); tick=$(getconf CLK_TCK)
pgcpu() { awk -v t="$tick" '{print ($14+$15+$16+$17)/t}' "/proc/$pm/stat"; }
load=$(awk '{print $1}' /proc/loadavg); a=$(pgcpu)
out=$(pgbench -h 127.0.0.1 -p "${PGPORT:-5453}" -U postgres -n -M prepared -c 1 -T 10 -f "$(dirname "$0")/$1.sql" shape 2>&1)
sleep 1; b=$(pgcpu)
tx=$(echo "$out" | awk '/number of transactions actually processed/ {print $NF}' | cut -d/ -f1)
python3 -c "print('| $1 | %s | %d | %.0f | $load |' % ($tx, $tx*31/10, 1e6*($b-$a)/($tx*31)))"
