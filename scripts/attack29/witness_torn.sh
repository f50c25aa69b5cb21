#!/bin/bash
# attack29 #W1: the witness's disk fills (tmpfs, root). ADR-943 stops the serve; the last checkpoint is torn (no
# newline). The operator frees the disk and starts the serve again, as its message says; the next checkpoint is
# appended onto the torn bytes; from then on every door refuses the (untouched) database as "restored or rewritten".
# Usage: FOUREYES_BIN=/path/to/foureyes scripts/witness_torn.sh   (root; ~40 s)
set -u
FE=${FOUREYES_BIN:-/work/attack29/bin/foureyes}
D=/tmp/attack29/wtorn; PORT=29451
umount $D/mnt 2>/dev/null; rm -rf $D; mkdir -p $D/mnt $D/keys; cd $D
mount -t tmpfs -o size=64k tmpfs $D/mnt || exit 1
$FE journal keygen --out keys >/dev/null
cat > pol.yaml <<'P'
version: 1
actions:
  a.do:
    tier: 2
    params: { n: { type: integer, min: 0, max: 100000 } }
    limits: [{ count: 100000, per: 1h }]
P
TOK=$($FE --db f.db --seal-key keys/seal.key token create --name bot --role agent | tail -1)
serve(){ $FE --db f.db --policy pol.yaml --seal-key keys/seal.key --witness mnt/w serve --listen 127.0.0.1:$PORT \
  --signing-key keys/journal.key --checkpoint-seconds 1 >> serve.out 2>> serve.err & SP=$!
  for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/healthz && break; sleep 0.2; done; }
dec(){ curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOK" -d '{"request_id":"'$1'","action":"a.do","params":{"n":1}}' 127.0.0.1:$PORT/v1/decide; }
serve
for i in 1 2 3; do dec a$i >/dev/null; done; sleep 2
dd if=/dev/zero of=mnt/fill bs=1k 2>/dev/null                       # the witness's disk is full
for i in $(seq 1 400); do kill -0 $SP 2>/dev/null || break; dec f$i >/dev/null; sleep 0.05; done
wait $SP; echo "1. serve stopped, exit $? (ADR-943 in its log: $(grep -c ADR-943 serve.err)); witness $(stat -c %s mnt/w) B, ends without a newline: $(tail -c 16 mnt/w | od -An -c | tr -s ' ' | tail -c 40)"
rm -f mnt/fill                                                       # the operator frees the disk
serve; alive=$(kill -0 $SP 2>/dev/null && echo yes || echo no)
dec r1 >/dev/null; sleep 1.5; kill $SP; wait $SP; echo "2. restarted after freeing the disk: started=$alive; clean stop exit $?"
echo "   the line the next checkpoint was glued to: $(grep -a -m1 -E '^[A-Za-z0-9+/=]+foureyes-journal$' mnt/w)"
serve; sleep 1.5
if kill -0 $SP 2>/dev/null; then echo "3. serve started (held)"; kill $SP; wait $SP; else wait $SP; echo "3. serve REFUSES the untouched database, exit $?: $(tail -1 serve.err | cut -c1-330)"; fi
$FE --db f.db --seal-key keys/seal.key journal verify --checkpoint mnt/w --public-key keys/journal.pub 2>&1 | head -1 | cut -c1-250; echo "   verify exit ${PIPESTATUS[0]}"
cd /; umount $D/mnt
