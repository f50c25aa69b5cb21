#!/bin/bash
# sessions across a restart, a revoke while no server runs, and an expired session reused (wall clock 13 h ahead, no anchor)
F=/work/attack38/foureyes; DB=/tmp/attack38/w/fe.db; P=/work/attack38/scripts/policy.yaml; cd /tmp/attack38/w
CAROL=$(python3 -c "import json;print(json.load(open('/tmp/attack38/env.json'))['carol'])")
GONE=$($F --db $DB token create --name gone$RANDOM --role approver --json | python3 -c 'import json,sys;j=json.load(sys.stdin);print(j["name"],j["token"])')
GN=${GONE% *}; GT=${GONE#* }
ck() { curl -s -D - -o /dev/null 127.0.0.1:18091/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$1\"}" | grep -i set-cookie | sed 's/.*\(fe_session=[0-9a-f]*\).*/\1/'; }
C1=$(ck $CAROL); C2=$(ck $GT)
for p in 18091 18092; do kill $(cat serve$p.pid); done; sleep 1
$F --db $DB token revoke $GN
for p in 18091 18092; do ( $F --db $DB --policy $P serve --listen 127.0.0.1:$p > serve$p.log 2>&1 & echo $! > serve$p.pid ); done; sleep 4
echo "after restart: carol's session $(curl -s -o /dev/null -w %{http_code} -b $C1 127.0.0.1:18092/console/session); revoked-while-down $GN's session $(curl -s -o /dev/null -w %{http_code} -b $C2 127.0.0.1:18092/console/session)"
rm -rf /tmp/attack38/exp; mkdir -p /tmp/attack38/exp; sqlite3 $DB ".backup /tmp/attack38/exp/fe.db"
SHIFT_SECONDS=46800 LD_PRELOAD=/tmp/attack38/shiftclock.so $F --db /tmp/attack38/exp/fe.db --policy $P serve --listen 127.0.0.1:18093 > /tmp/attack38/exp/s.log 2>&1 & SP=$!
sleep 4; grep -v "^warning" /tmp/attack38/exp/s.log | head -2
echo "13 h later (copy, no anchor: the wall clock is followed): carol's 12 h session $(curl -s -o /dev/null -w %{http_code} -b $C1 127.0.0.1:18093/console/session); as a write: $(curl -s -o /dev/null -w %{http_code} -b $C1 -X POST 127.0.0.1:18093/v1/approvals/1/reject -d '{"why":"x"}')"
kill $SP
