#!/bin/bash
# H2c: after an ordinary sqlite3 read under a running serve, a CLI approval is lost and the record reads ALTERED.
F=/work/attack41/foureyes; W=/tmp/attack41/h2c; PORT=${PORT:-18484}; rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<'EOF'
version: 1
actions:
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 24h }
EOF
export FOUREYES_POLICY=$W/p.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1)
$F --db A.db serve --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!; for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
d(){ curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"payments.send\",\"params\":{\"amount_eur\":$2,\"payee\":\"ACME\"}}" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("'$1'", j.get("verdict"), "approval", j.get("approval_id"))'; }
d pay1 100; DG=$(sqlite3 "file:A.db?mode=ro" "select digest from approvals where id=1")
sqlite3 A.db "select count(*) from journal" > /dev/null
$F --db A.db approvals approve 1 --as alice --digest $DG; echo "approve rc=$?"
d pay1 100; d pay2 200
kill $SP; wait $SP
$F --db A.db approvals show 1 | head -2; $F --db A.db journal audit | head -3
