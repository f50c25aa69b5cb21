#!/bin/bash
# serve runs; lockhold.py holds MODE for HOLD s; decides and a GET are sent meanwhile and after.
set -u
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml; MODE=$1; HOLD=${2:-8}; PORT=${3:-18620}
D=/tmp/attack45/sl-$MODE; rm -rf $D; [ -d /tmp/attack45/lk0 ] || /work/attack45/scripts/lock_setup.sh; cp -a /tmp/attack45/lk0 $D; cd $D
BOT=$(grep -o 'fe_[0-9a-f]*' bot.tok | head -1)
$F --db L.db --policy $P serve --listen 127.0.0.1:$PORT > serve.out 2> serve.err & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me -H "Authorization: Bearer $BOT" && break; sleep 0.1; done
dec(){ curl -s -m 40 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $BOT" -d "{\"request_id\":\"$1\",\"action\":\"climate.set\",\"params\":{\"c\":20}}" -w " %{http_code}\n" | cut -c1-260; }
dec a1
python3 /work/attack45/scripts/lockhold.py L.db $MODE $HOLD > hold.out 2>&1 & HP=$!; sleep 0.5; cat hold.out
dec during1; curl -s -m 40 127.0.0.1:$PORT/v1/decisions -H "Authorization: Bearer $BOT" -w " %{http_code}\n" | tail -c 200
wait $HP; echo "lock released"
dec after1; dec after2
kill -TERM $SP; wait $SP; echo "serve exit=$?"; grep -v '^warning' serve.err | cut -c1-300
$F --db L.db journal verify | head -1; echo "verify rc=${PIPESTATUS[0]}"
