#!/bin/bash
# H6: after H4b the `--server` proxy has journaled `rnail`/`send` as a *changed definition* and told the model to run
# `foureyes mcp pins approve send --server rnail --hash H`. The CLI door without --policy (FOUREYES_POLICY unset) journals
# `rnail`/`send` — a look-alike of the policy's `mail`/`send` — and from then on the proxy trusts it (listed, decided),
# and `journal audit --policy` says "consistent". ADR-1320's limit claims "no door journals one now".
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h6; unset FOUREYES_POLICY
/work/attack41/scripts/repro_h4b_proxy_server_mode.sh > /dev/null 2>&1
rm -rf $W; mkdir -p $W; cd $W; cp /tmp/attack41/h4b/h.db m.db; cp /tmp/attack41/h4b/p.yaml .; cp m.db with-policy.db
H=$(sqlite3 m.db "select json_extract(data,'$.input.seen') from journal where json_extract(data,'$.code')='tool_definition_changed' and json_extract(data,'$.input.server')='rnail' limit 1")
echo "--- mcp pins list before:"; $F --db m.db mcp pins list | grep rnail
echo "--- with --policy (refused, as ADR-1320 says):"; $F --db with-policy.db mcp pins approve send --server rnail --hash $H --as alice --policy p.yaml 2>&1 | head -c 220; echo
echo "--- the command the proxy offered, as printed (no --policy):"; $F --db m.db mcp pins approve send --server rnail --hash $H --as alice | head -1; echo "rc=${PIPESTATUS[0]}"
echo "--- embedded proxy --name rnail with the policy: the look-alike is trusted"
TOOLS='["send"]' PROXY="[\"$F\",\"--db\",\"m.db\",\"mcp-proxy\",\"--name\",\"rnail\",\"--policy\",\"p.yaml\",\"--\",\"python3\",\"$S/fake_mcp.py\"]" python3 $S/mcp_client.py send | cut -c1-230
$F --db m.db mcp pins list | grep -v CHANGED | head -3; $F --db m.db journal audit --policy p.yaml | head -2
