#!/bin/bash
# serverace.sh MODE SECS : one serve, HTTP decides, toggler on -wal,-shm (mode 0 link/unlink, 1 rename-over)
FE=/work/attack37/foureyes; TG=/work/attack37/scripts/toggle; MODE=${1:-1}; SECS=${2:-20}; PORT=18440
T=/tmp/attack37/srace; rm -rf $T; mkdir -p $T/keys $T/d
head -c 40000 /dev/urandom > $T/keys/k; H=$(sha256sum < $T/keys/k)
export FOUREYES_POLICY=/work/attack37/scripts/p.yaml
TOK=$($FE --db $T/d/t.db token create --name bot --role agent 2>&1 | grep -o 'fe_[0-9a-f]*')
$FE --db $T/d/t.db serve --listen 127.0.0.1:$PORT > $T/serve.log 2>&1 & SP=$!
for i in $(seq 50); do curl -s 127.0.0.1:$PORT/healthz >/dev/null && break; sleep 0.2; done
$TG $T/keys/k $T/d/t.db-wal,$T/d/t.db-shm $SECS $MODE > $T/tg.out & TP=$!
end=$((SECONDS+SECS)); i=0
while [ $SECONDS -lt $end ]; do i=$((i+1))
  curl -s -m 10 -w "\n%{http_code}\n" 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $TOK" -d '{"request_id":"r'$i'","action":"t.read","params":{"q":"x"}}' >> $T/codes
done
wait $TP; cat $T/tg.out
echo "serve alive: $(kill -0 $SP 2>/dev/null && echo yes || echo no)"; sed "s/[0-9a-f]\{16,\}/H/g; s/seq [0-9]*/seq N/g" $T/codes | cut -c1-300 | sort | uniq -c | sort -rn | head
for j in $(seq 10); do sleep 0.5; curl -s -m 10 -w " after %{http_code}\n" 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $TOK" -d '{"request_id":"after'$j'","action":"t.read","params":{"q":"x"}}'; done
kill $SP 2>/dev/null; wait $SP; echo "serve exit=$?"
grep -iv '^$' $T/serve.log | sed 's/[0-9a-f]\{16,\}/H/g' | cut -c1-220 | sort | uniq -c | sort -rn | head -8
[ "$(sha256sum < $T/keys/k)" = "$H" ] && echo "key intact" || echo "KEY CHANGED"
ls -la $T/d; $FE --db $T/d/t.db journal verify 2>&1 | tail -2; sqlite3 $T/d/t.db "select count(*) from decisions" 2>&1
