#!/bin/bash
# Sets up the attack bed: /tmp/attack38/w/fe.db with bot (agent), alice (approver, TOTP), carol (approver), root1 (admin),
# run1 (runner), ex1 (executor for bot), adm2 (admin); tokens in /tmp/attack38/env.json; two `serve` on 18091/18092 (one file).
# Also builds the clock shim and the rename swapper. Stop the servers with: kill $(cat /tmp/attack38/w/serve18091.pid) $(cat /tmp/attack38/w/serve18092.pid)
F=/work/attack38/foureyes; P=/work/attack38/scripts/policy.yaml; W=/tmp/attack38/w
mkdir -p $W; rm -f $W/fe.db*; cd $W
{ $F --db fe.db token create --name bot --role agent --json
  $F --db fe.db token create --name alice --role approver --totp --json
  $F --db fe.db token create --name carol --role approver --json
  $F --db fe.db token create --name root1 --role admin --json
  $F --db fe.db token create --name run1 --role runner --json
  $F --db fe.db token create --name ex1 --role executor --for bot --json
  $F --db fe.db token create --name adm2 --role admin --json; } | python3 -c "
import sys, json
d = {}
for l in sys.stdin:
    j = json.loads(l); d[j['name']] = j['token']
    if j.get('totp_secret'): d[j['name'] + '_totp'] = j['totp_secret']
json.dump(d, open('/tmp/attack38/env.json', 'w'))"
for p in 18091 18092; do ( $F --db $W/fe.db --policy $P serve --listen 127.0.0.1:$p > serve$p.log 2>&1 & echo $! > serve$p.pid ); done
gcc -shared -fPIC -O2 -o /tmp/attack38/shiftclock.so /work/attack38/scripts/shiftclock.c
gcc -O2 -o /tmp/attack38/swap /work/attack38/scripts/swap.c
sleep 4; echo "ready: $(cat /tmp/attack38/env.json | head -c 80)…"
