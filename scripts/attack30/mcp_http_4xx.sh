#!/bin/bash
# attack30 S1: `mcp-proxy --listen --upstream URL`: a forwarded tools/call whose upstream answers HTTP 4xx (after the
# tool ran) is reported `failed` ("not_forwarded") and its reservation released; with `count: 1` a second call then
# runs: 2 runs against a limit of 1. Usage: FOUREYES_BIN=... mcp_http_4xx.sh
set -u
B=${FOUREYES_BIN:?set FOUREYES_BIN}; H=$(cd "$(dirname "$0")" && pwd); mkdir -p /tmp/attack30; D=$(mktemp -d /tmp/attack30/h4XXXX)
cat > $D/pol.yaml <<'P'
version: 1
actions:
  mcp.bank.pay:
    tier: 2
    limits: [ { count: 1, per: 1h } ]
    params: { amount: { type: integer, min: 1, max: 2000 } }
P
UPLOG=$D/up.log python3 $H/http_upstream.py 18597 & UP=$!; sleep 0.5
$B --db $D/fe.db --policy $D/pol.yaml mcp-proxy --name bank --listen 127.0.0.1:18598 --upstream http://127.0.0.1:18597/mcp 2> $D/proxy.err & PX=$!; sleep 1.5
# amount 404: the upstream runs the tool, then answers HTTP 404; amount 5: a normal answer (status 5 is not sent: see below)
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"pay","arguments":{"amount":404}}}' \
              '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"pay","arguments":{"amount":409}}}' > $D/l
python3 $H/drive_listen.py http://127.0.0.1:18598/mcp $D/l | grep '<<' | cut -c1-200
kill $PX $UP
echo "--- upstream runs:"; cat $D/up.log
$B --db $D/fe.db decisions list
N=$(grep -c RAN $D/up.log); if [ "$N" -gt 1 ]; then echo "HOLE: $N runs against count: 1"; exit 1; fi; echo held
