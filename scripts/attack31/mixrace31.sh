#!/bin/bash
# mixrace31.sh: one request id executed at once by 2 CLI `foureyes execute` processes and 2 HTTP /v1/execute calls to a serve
# on the same SQLite file; the command connector appends the id to runs.txt. Claim: at most one run per request id.
# usage: FOUREYES_BIN=... mixrace31.sh WORKDIR N PORT   (serve already running on PORT with WORKDIR/policy.yaml, t.bot)
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; N=$2; PORT=$3; T=$(cat t.bot)
for i in $(seq 1 $N); do
  for k in 1 2; do $B execute --policy policy.yaml --secrets-key-file keys/secrets.key --agent bot --action run.once --params "{\"n\":\"x$i\"}" --request-id "x$i" --json >/dev/null 2>&1 & done
  for k in 1 2; do curl -s -m 30 -H "Authorization: Bearer $T" -H 'content-type: application/json' -d "{\"request_id\":\"x$i\",\"action\":\"run.once\",\"params\":{\"n\":\"x$i\"}}" http://127.0.0.1:$PORT/v1/execute >/dev/null & done
done; wait
echo "request ids $N, calls $((4*N)); runs: $(grep -c '^x' runs.txt); ids run more than once: $(grep '^x' runs.txt | sort | uniq -d | wc -l)"
