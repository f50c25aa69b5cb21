#!/bin/bash
# sessions across clocks: sign in on the real clock, use the cookie on a server 13 h ahead; sign in on a server 13 h behind
F=/work/attack38/foureyes; DB=/tmp/attack38/w/fe.db; P=/work/attack38/scripts/policy.yaml
CAROL=$(python3 -c "import json;print(json.load(open('/tmp/attack38/env.json'))['carol'])")
cd /tmp/attack38/w
ck=$(curl -s -D - -o /dev/null 127.0.0.1:18091/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$CAROL\"}" | grep -i set-cookie | sed 's/.*\(fe_session=[0-9a-f]*\).*/\1/')
echo "cookie $ck"
SHIFT_SECONDS=46800 LD_PRELOAD=/tmp/attack38/shiftclock.so $F --db $DB --policy $P serve --listen 127.0.0.1:18093 > ahead.log 2>&1 & echo $! > ahead.pid
sleep 4; grep -v warning ahead.log | head -5
echo "ahead server, the real-clock session (expired there): $(curl -s -o /dev/null -w '%{http_code}' -b "$ck" 127.0.0.1:18093/console/session)"
ck2=$(curl -s -D - -o /dev/null 127.0.0.1:18093/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$CAROL\"}" | grep -i set-cookie | sed 's/.*\(fe_session=[0-9a-f]*\).*/\1/')
echo "session opened on the ahead server: $ck2"
kill $(cat ahead.pid); wait $(cat ahead.pid) 2>/dev/null
echo "real server, session opened 13h ahead (valid until real+25h): $(curl -s -o /dev/null -w '%{http_code}' -b "$ck2" 127.0.0.1:18091/console/session)"
SHIFT_SECONDS=-46800 LD_PRELOAD=/tmp/attack38/shiftclock.so $F --db $DB --policy $P serve --listen 127.0.0.1:18094 > behind.log 2>&1 & echo $! > behind.pid
sleep 4; grep -v warning behind.log | head -5
echo "behind server, real session: $(curl -s -o /dev/null -w '%{http_code}' -b "$ck" 127.0.0.1:18094/console/session)"
curl -s 127.0.0.1:18094/console/session -H 'Content-Type: application/json' -d "{\"token\":\"$CAROL\"}" -D - | grep -i "HTTP/\|set-cookie\|error"
echo
kill $(cat behind.pid) 2>/dev/null
