#!/bin/bash
# H4b: `mcp-proxy --server URL` (decides through serve): a tool whose name reads like the POLICY's pin of another
# server (mail/send vs rnail/send) or another server's journaled pin (s0/x vs sO/x) is journaled
# `tool_definition_changed` and the model told "the upstream changed the definition … since it was pinned (pinned none …)".
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h4b; PORT=${PORT:-18461}
rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<EOF2
version: 1
actions:
  mcp.s0.x: { tier: 0, params: { x: { type: string } } }
mcp:
  mail:
    pins: { send: "$(printf 0%.0s {1..64})" }
EOF2
export FOUREYES_POLICY=$W/p.yaml
AG=$($F --db h.db token create --name agent1 --role agent | tail -1)
$F --db h.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
curl -s 127.0.0.1:$PORT/v1/mcp/pins -H "Authorization: Bearer $AG" -d "{\"server\":\"s0\",\"tool\":\"x\",\"sha256\":\"$(printf a%.0s {1..64})\"}"; echo
for n in sO rnail; do TOOLS='["x","send"]' PROXY="[\"$F\",\"mcp-proxy\",\"--name\",\"$n\",\"--server\",\"http://127.0.0.1:$PORT\",\"--token\",\"$AG\",\"--policy\",\"p.yaml\",\"--\",\"python3\",\"$S/fake_mcp.py\"]" PERR=perr.txt python3 $S/mcp_client.py x send; done
sqlite3 h.db "select seq, json_extract(data,'$.code'), substr(json_extract(data,'$.message'),1,140) from journal where kind='refused'"
kill $SP; wait $SP
