#!/bin/bash
# which FourEyes doors, run beside a live serve, unlink serve's -wal (H2's consequence without any third-party tool)?
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; W=/tmp/attack41/wu; PORT=${PORT:-18462}; SK=/tmp/attack41/sec/sk
rm -rf $W; mkdir -p $W; cd $W; cp /tmp/attack41/h1/pol.yaml .; export FOUREYES_POLICY=$W/pol.yaml FOUREYES_SECRETS_KEY_FILE=$SK
T=$($F --db A.db token create --name bot --role agent | tail -1)
DOORS=("journal verify" "decisions list" "token list" "secret list" "journal audit" "kill-switch status" "task status --task 1"
 "token create --name t\$i --role agent" "kill-switch on" "kill-switch off" "secret set s\$i" "journal checkpoint --signing-key $W/k/journal.key --out $W/cp.txt"
 "decide --agent bot --action climate.set_temperature --params {\"zone\":\"living\",\"celsius\":21} --request-id c\$i" "approvals expire" "mcp pins list" "unconfirmed")
$F journal keygen --out k >/dev/null
i=0
for door in "${DOORS[@]}"; do
  i=$((i+1))
  $F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
  for j in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
  curl -s -o /dev/null 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"s$i\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}"
  d=$(eval echo "$door")
  echo v | $F --db A.db $d >/dev/null 2>e.txt; rc=$?
  del=$(ls -l /proc/$SP/fd 2>/dev/null | grep -c '(deleted)')
  echo "$d | rc=$rc | serve fds deleted: $del | $(head -c 100 e.txt)"
  kill $SP; wait $SP 2>/dev/null
done
