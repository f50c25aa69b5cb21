#!/usr/bin/env bash
# H3/H4: writes by a credential journaled after its revocation event.
# Starts one SQLite `serve`; runs (a) console-session votes racing `token revoke` (H3), (b) bearer-token votes and
# (c) bearer-token decides racing `token revoke` (H4, SQLite). For PostgreSQL replicas run the .py scripts with
# PG=postgres://... A=http://replicaA B=http://replicaB (see REPORT.md).
set -u
FE=${FOUREYES_BIN:?set FOUREYES_BIN}; D=$(mktemp -d /tmp/attack33/h3.XXXX); PORT=${PORT:-18733}; HERE=$(cd "$(dirname "$0")" && pwd)
cd "$D"
cat > pol.yaml <<'Y'
version: 1
actions:
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 24h }
Y
"$FE" --db fe.db --policy pol.yaml serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!; trap 'kill $SP' EXIT; sleep 3
export FOUREYES_BIN="$FE" PG="$D/fe.db" A=http://127.0.0.1:$PORT B=http://127.0.0.1:$PORT
for r in 1 2 3; do python3 "$HERE/pg_session_revoke_race.py" s$r; done
for r in 1 2 3; do python3 "$HERE/pg_vote_revoke_race.py" b$r; done
for r in 1 2; do ACTION=payments.send PARAMS='{"amount_eur":1,"payee":"Z"}' python3 "$HERE/pg_revoke_race.py" bot$r d$r; done
