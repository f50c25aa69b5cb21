#!/bin/bash
# H1: a forked copy's log replaces A's own (uncheckpointed) log; A's acknowledged permits vanish, B's events appear.
# The file alone's last event (the ADR-1310 check) is the fork point, so the check passes.
set -u
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h1w; PORT=${PORT:-18458}
rm -rf $W; mkdir -p $W; cd $W
cat > pol.yaml <<'P'
version: 1
actions:
  climate.set_temperature:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
P
export FOUREYES_POLICY=$W/pol.yaml
T=$($F --db A.db token create --name bot --role agent | tail -1); $F journal keygen --out keys >/dev/null; WIT="--witness $W/wit.txt --witness-key $W/keys/journal.pub"
$F --db A.db serve --signing-key keys/journal.key --witness wit.txt --checkpoint-every ${EVERY:-1} --listen 127.0.0.1:$PORT > serve.log 2>&1 & SP=$!
for i in $(seq 1 50); do curl -s -o /dev/null 127.0.0.1:$PORT/v1/me && break; sleep 0.2; done
d(){ curl -s 127.0.0.1:$PORT/v1/decide -H "Authorization: Bearer $T" -d "{\"request_id\":\"$1\",\"action\":\"climate.set_temperature\",\"params\":{\"zone\":\"living\",\"celsius\":21}}" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("'$1'", j.get("verdict"), j.get("decision_id"))'; }
d h1; d h2
python3 $S/reader.py A.db 120 > reader.log & RP=$!      # any long reader: pins the checkpoint at this snapshot
sleep 0.5
d h3; d h4
cp A.db B.db; cp A.db-wal B.db-wal; cp A.db.clock B.db.clock     # the fork (a consistent copy: file + log)
d h5-onlyA; d h6-onlyA                                    # A's acknowledged permits, in A's log only
python3 $S/reader.py B.db 120 > readerB.log & RB=$!; sleep 0.5
$F --db B.db decide --agent bot --action climate.set_temperature --params '{"zone":"living","celsius":21}' --request-id onlyB >/dev/null
$F --db B.db token create --name onlyBtok --role admin >/dev/null
kill -9 $SP $RP $RB; wait 2>/dev/null
echo "--- before: A's request ids (file+own log):"; sqlite3 "file:A.db?mode=ro" "select group_concat(request_id,' ') from idempotency"
cp B.db-wal A.db-wal; rm -f A.db-shm                      # plant the fork's log
echo "--- doors on A:"
$F --db A.db journal verify; echo "verify rc=$?"
$F --db A.db $WIT decisions list | head -2; echo "decisions list+witness rc=$?"; $F --db A.db $WIT kill-switch on; echo "kill-switch on +witness rc=$?"; $F --db A.db journal verify --checkpoint wit.txt --public-key keys/journal.pub; echo "verify --checkpoint rc=$?"
ls A.db*
echo "--- after: A's request ids:"; sqlite3 A.db "select group_concat(request_id,' ') from idempotency"; sqlite3 A.db "select group_concat(name,' ') from tokens"
$F --db A.db journal verify; echo "verify rc=$?"; $F --db A.db journal audit; echo "audit rc=$?"
