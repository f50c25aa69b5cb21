#!/bin/bash
# ADR-406 display hole: tool names that read alike are pinned through HTTP, policy, connector, proxy
F=/work/attack39/foureyes; D=/tmp/attack39/pr; rm -rf $D; mkdir -p $D; cd $D
printf 'version: 1\nactions:\n  x.read: { tier: 0, params: {} }\n' > pol.yaml
BOT=$($F --db fe.db token create --name bot --role agent | tail -1)
$F --db fe.db --policy pol.yaml serve --listen 127.0.0.1:18402 > serve.log 2>&1 & SP=$!; sleep 2
for t in 'read_file' 'reаd_file' 'read_filе' 'read-file' 'read‐file' 'read file' 'read  file' 'read_ﬁle' 'ｒead_file'; do
  curl -s -o /dev/null -w "POST pin [$t] -> %{http_code}\n" -H "Authorization: Bearer $BOT" -H 'Content-Type: application/json' \
    -d "{\"server\":\"fs\",\"tool\":\"$t\",\"sha256\":\"$(printf %s "$t" | sha256sum | cut -c1-64)\"}" localhost:18402/v1/mcp/pins
done
kill $SP; wait $SP 2>/dev/null
echo "--- foureyes mcp pins list:"; $F --db fe.db mcp pins list | cut -f1,2
echo "--- policy door:"; printf 'version: 1\nactions:\n  x.read: { tier: 0, params: {} }\nmcp:\n  fs:\n    pins:\n      "read_file": %s\n      "reаd_file": %s\n' $(printf '%064d' 1) $(printf '%064d' 2) > twin.yaml; $F policy check twin.yaml | head -1
