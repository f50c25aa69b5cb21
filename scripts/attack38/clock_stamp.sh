#!/bin/bash
# HOLE repro: a serve whose wall clock is 13 h ahead (ADR-730: "time is read from the anchor") stamps session_opened
# with its raw wall clock; if that event is the newest at the next reboot, every door refuses to decide for 13 h.
F=/work/attack38/foureyes; P=/work/attack38/scripts/policy.yaml; D=/tmp/attack38/stamp
rm -rf $D; mkdir -p $D; cd $D
$F --db fe.db token create --name carol --role approver --json > carol.json; $F --db fe.db token create --name bot --role agent --json > bot.json
$F --db fe.db --policy $P decide --agent bot --action note.add --params '{"text":"a"}' --request-id r0 >/dev/null   # writes the anchor (same boot)
CAROL=$(python3 -c "import json;print(json.load(open('carol.json'))['token'])")
SHIFT_SECONDS=46800 LD_PRELOAD=/tmp/attack38/shiftclock.so $F --db fe.db --policy $P serve --listen 127.0.0.1:18098 > ahead.log 2>&1 & PID=$!
sleep 4; grep note ahead.log
curl -s -o /dev/null -w "sign-in on the ahead server: %{http_code}\n" 127.0.0.1:18098/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$CAROL\"}"
curl -s -o /dev/null -w "decide on the ahead server: %{http_code}\n" 127.0.0.1:18098/v1/decide -H "Authorization: Bearer $(python3 -c "import json;print(json.load(open('bot.json'))['token'])")" -d '{"request_id":"r1","action":"note.add","params":{"text":"b"}}'
curl -s -o /dev/null -w "sign-in on the ahead server: %{http_code}\n" 127.0.0.1:18098/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$CAROL\"}"
kill $PID; wait $PID 2>/dev/null
echo "now (real) $(date -u +%s%3N)"; sqlite3 fe.db "select seq, ts_ms, kind, json_extract(data,'$.action') from journal order by seq desc limit 4"
echo "--- the machine reboots (simulated: the anchor DB.clock is of another boot, so it is removed as a reboot makes it stale)"
rm -f fe.db.clock
$F --db fe.db --policy $P decide --agent bot --action note.add --params '{"text":"c"}' --request-id r2; echo "decide rc=$?"
$F --db fe.db journal verify; echo "verify rc=$?"
