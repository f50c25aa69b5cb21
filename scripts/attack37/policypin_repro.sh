#!/bin/bash
# HOLE (ADR-404): a tool pinned by the policy (mcp.srv.pins.ptool) takes an agent's first-seen pin of another hash: 200 + journaled
FE=/work/attack37/foureyes; T=/tmp/attack37/ppin; rm -rf $T; mkdir -p $T; cd $T; PORT=18442
cp /work/attack37/scripts/p2.yaml p2.yaml   # mcp: { srv: { pins: { ptool: ccc…c } } }
TOK=$($FE --db p.db token create --name bot --role agent 2>&1 | grep -o 'fe_[0-9a-f]*')
$FE --db p.db serve --listen 127.0.0.1:$PORT --policy p2.yaml > s.log 2>&1 & SP=$!; sleep 4
D=$(printf d%.0s {1..64}); C=$(printf c%.0s {1..64})
for h in $D $C; do curl -s -w " [%{http_code}]\n" -XPOST 127.0.0.1:$PORT/v1/mcp/pins -H "Authorization: Bearer $TOK" -d "{\"server\":\"srv\",\"tool\":\"ptool\",\"sha256\":\"$h\"}"; done
echo "GET /v1/mcp/pins: $(curl -s "127.0.0.1:$PORT/v1/mcp/pins?server=srv" -H "Authorization: Bearer $TOK")"
kill $SP; wait $SP
echo "mcp pins list --policy p2.yaml: $($FE --db p.db --policy p2.yaml mcp pins list 2>&1)"
echo "journal tool_pinned: $(sqlite3 p.db "select data from journal where kind='tool_pinned'")"
