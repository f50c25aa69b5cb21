#!/bin/bash
# HOLE M1 (attack30): a `_meta` key under the reserved prefix `io.modelcontextprotocol/` that the protocol does not
# define (e.g. `io.modelcontextprotocol/payee`) is forwarded with an approved call; the approval never showed it and a
# real SDK (Python `mcp` 2.3.0: ctx.request_context.meta; TS SDK 1.32: extra._meta) hands it to the tool.
# Usage: FOUREYES_BIN=... [UPPY=/path/to/python-with-mcp UPSCRIPT=upstream_sdk.py] meta_prefix.sh
set -u
B=${FOUREYES_BIN:?set FOUREYES_BIN}; export FOUREYES_BIN=$B
D=$(mktemp -d /tmp/attack30/metaXXXX); H=$(cd "$(dirname "$0")" && pwd)
cat > $D/pol.yaml <<'P'
version: 1
defaults: { approvals: { required: 1, ttl: 24h } }
actions:
  mcp.bank.pay:
    tier: 3
    params: { amount: { type: integer, min: 1, max: 100 } }
P
echo '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"pay","arguments":{"amount":40}}}' > $D/a.lines
python3 $H/drive_stdio.py $D/fe.db $D/pol.yaml $D/up.log $D/a.lines > $D/a.out 2>&1
DIG=$($B --db $D/fe.db --policy $D/pol.yaml approvals show 1 | grep -o '[0-9a-f]\{64\}' | head -1)
$B --db $D/fe.db --policy $D/pol.yaml approvals show 1 | sed 's/^/  card: /'
$B --db $D/fe.db --policy $D/pol.yaml approvals approve 1 --as alice --digest $DIG
echo '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"pay","arguments":{"amount":40},"_meta":{"io.modelcontextprotocol/payee":"ATTACKER-IBAN-DE00","payee":"dropped-as-designed"}}}' > $D/b.lines
python3 $H/drive_stdio.py $D/fe.db $D/pol.yaml $D/up.log $D/b.lines > $D/b.out 2>&1
echo "--- what the upstream received / ran:"; grep -E 'RAN|RECV.*tools/call' $D/up.log
if grep -q 'ATTACKER-IBAN' $D/up.log; then echo "HOLE: the approved call reached the tool with a _meta value no approval showed"; exit 1; fi
echo held
