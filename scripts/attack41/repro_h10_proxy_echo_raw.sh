#!/bin/bash
# H10: ADR-1322 says every name the proxy echoes goes through `shown`; a tools/call of a name the upstream does not list
# (chosen by the model) is echoed raw — RLO, Cyrillic, a literal `\u{430}` — in the answer to the model and in the journaled message.
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h10; rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<'P'
version: 1
actions:
  mcp.fs.read: { tier: 0, params: { x: { type: string } } }
P
TOOLS='["read"]' PROXY="[\"$F\",\"--db\",\"m.db\",\"mcp-proxy\",\"--name\",\"fs\",\"--policy\",\"p.yaml\",\"--\",\"python3\",\"$S/fake_mcp.py\"]" python3 $S/mcp_client.py "$(printf 'x\u202ey')" "$(printf 're\u0430d')" 're\u{430}d' | cut -c1-260
echo "--- journaled messages (cat -v):"; sqlite3 m.db "select json_extract(data,'$.message') from journal where kind='refused'" | cat -v
echo "--- journal tail (cat -v):"; $F --db m.db journal tail | grep refused | cut -c1-200 | cat -v
