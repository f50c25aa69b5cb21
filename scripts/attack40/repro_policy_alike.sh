#!/bin/bash
# policy file: pins under two servers whose names read alike, and action names that read alike, are accepted and listed
S=$(cd "$(dirname "$0")" && pwd); F=${F:-/work/attack40/foureyes}; export F; mkdir -p /tmp/attack40; cd /tmp/attack40; Z=0000000000000000000000000000000000000000000000000000000000000000
printf "version: 1\nactions: {}\nmcp:\n  rnx:\n    pins: { y: \"$Z\" }\n  mx:\n    pins: { y: \"$Z\" }\n  s0:\n    pins: { x: \"$Z\" }\n  sO:\n    pins: { x: \"$Z\" }\n" > p3.yaml
$F policy check p3.yaml; echo "rc=$?"
rm -rf rpa; mkdir rpa; $S/mkbase.sh rpa/x.db; $F --db rpa/x.db token create --name adm --role admin | grep ^fe_ > rpa/adm
T=$($F --db rpa/x.db token create --name agt --role agent | grep ^fe_)
$F --db rpa/x.db --policy p3.yaml serve --listen 127.0.0.1:18745 > rpa/serve.log 2>&1 & pid=$!; sleep 3
curl -s -H "Authorization: Bearer $(cat rpa/adm)" 127.0.0.1:18745/v1/mcp/pins; echo
curl -s -H "Authorization: Bearer $T" -H 'Content-Type: application/json' -d "{\"server\":\"s0\",\"tool\":\"q\",\"sha256\":\"$Z\"}" 127.0.0.1:18745/v1/mcp/pins >/dev/null
curl -s -H "Authorization: Bearer $T" -H 'Content-Type: application/json' -d "{\"server\":\"sO\",\"tool\":\"q\",\"sha256\":\"$Z\"}" 127.0.0.1:18745/v1/mcp/pins; echo "  <- the HTTP door refuses the same pair"
kill $pid
printf 'version: 1\nactions:\n  payments.send:\n    tier: 3\n  payrnents.send:\n    tier: 0\n' > p4.yaml; $F policy check p4.yaml
