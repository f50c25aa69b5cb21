#!/bin/bash
# H4: ADR-1322 claims a look-alike the store's transaction reports (another server's journaled pin) is refused
# "for its name" (tool_name_refused). With `s0`'s `x` pinned in the journal, `mcp-proxy --name sO` listing `x` is
# journaled `tool_definition_changed` ("pinned": null) and the model is told "the upstream changed the definition of
# `x` since it was pinned (pinned none …)", offered a re-pin command that the approve door refuses.
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h4; rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<'P'
version: 1
actions:
  mcp.s0.x: { tier: 0, params: { x: { type: string } } }
P
px(){ TOOLS='["x"]' PROXY="[\"$F\",\"--db\",\"m.db\",\"mcp-proxy\",\"--name\",\"$1\",\"--policy\",\"p.yaml\",\"--\",\"python3\",\"$S/fake_mcp.py\"]" PERR=perr-$1.txt python3 $S/mcp_client.py x; echo "proxy stderr: $(cat perr-$1.txt)"; }
px s0     # pins s0/x first seen
px sO     # the look-alike server
sqlite3 m.db "select seq, json_extract(data,'$.code'), json_extract(data,'$.message') from journal where kind='refused'"
$F --db m.db mcp pins approve x --server sO --hash $(sqlite3 m.db "select json_extract(data,'$.input.seen') from journal where kind='refused' limit 1") --as alice; echo "approve rc=$?"
