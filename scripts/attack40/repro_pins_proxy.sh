#!/bin/bash
# 1) mcp-proxy: an upstream listing read_file, read_fiIe, re<U+0430>d_file, rn, m ... ; `mcp pins list` CHANGED rows print names raw
# 2) `mcp pins approve --server fs m` (twin of the pinned `rn`): exit 6, nothing journaled (HTTP: 400, journaled)
S=$(cd "$(dirname "$0")" && pwd); F=${F:-/work/attack40/foureyes}; export F; mkdir -p /tmp/attack40; cd /tmp/attack40; D=repro_px; rm -rf $D; mkdir $D
printf 'version: 1\nactions: {}\nmcp:\n  fs: { trust_read_only_hint: true }\n' > $D/pol.yaml
timeout 60 python3 $S/proxy_client.py $D/x.db $D/pol.yaml fs "reаd_file" m
echo "--- mcp pins list (cat -v shows raw UTF-8 as M-…)"; $F --db $D/x.db mcp pins list | grep -a "read_f\|^CHANGED fs	re" | cut -c1-120 | cat -v
H=$(sqlite3 "file:$D/x.db?mode=ro" "select json_extract(data,'\$.input.seen') from journal where kind='refused' and json_extract(data,'\$.input.tool')='m' limit 1")
b=$(sqlite3 "file:$D/x.db?mode=ro" "select count(*) from journal")
$F --db $D/x.db mcp pins approve --server fs m --hash $H --as alice; echo "rc=$?"
a=$(sqlite3 "file:$D/x.db?mode=ro" "select count(*) from journal"); echo "events journaled by the refusal: $((a-b))"
