#!/usr/bin/env bash
# Sends odd frames through `foureyes mcp-proxy` to a logging upstream (up.py); counts `pay` calls that reached it.
set -u
FE=${FOUREYES_BIN:?}; D=$(mktemp -d /tmp/attack33/mcpf.XXXX); HERE=$(cd "$(dirname "$0")" && pwd); cd "$D"
cp "$HERE/mcp_up.py" up.py; sed -i "s#/tmp/attack33/mcp/up.log#$D/up.log#" up.py
cp "$HERE/mcp_pol.yaml" pol.yaml
INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}'
INITD='{"jsonrpc":"2.0","method":"notifications/initialized"}'
LIST='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
n=0
while IFS= read -r frame; do
  n=$((n+1)); : > up.log
  out=$(printf '%s\n' "$INIT" "$INITD" "$LIST" "$frame" | timeout 10 "$FE" --db fe$n.db --policy pol.yaml mcp-proxy --name up -- python3 up.py 2>err.log | tail -n 1 | cut -c1-220)
  ex=$(grep -c "^EXECUTED.*amount" up.log); fw=$(grep -v "^EXECUTED" up.log | grep -c "\"pay")
  echo "[$n] pay executed upstream: $ex, frames naming pay forwarded raw: $fw | frame: ${frame:0:150}"
  echo "     proxy answered: $out"
done < "$HERE/mcp_frames.txt"
