#!/bin/bash
# crashrun31.sh: serve SIGKILLed while its command connector runs (the program acts 4 s later, in its own group);
# restart (report_within 3s passes); a new execute under count:1 must not run. usage: FOUREYES_BIN=... crashrun31.sh WORKDIR
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; rm -f fe.db* acted.txt
export FOUREYES_DB=$PWD/fe.db FOUREYES_SEAL_KEY=keys/seal.key FE_URL=http://127.0.0.1:18981
$B token create --name bot --role agent | sed -n 2p > t.bot
$B serve --listen 127.0.0.1:18981 --policy policy.yaml --secrets-key-file keys/secrets.key --approval-sweep 1s > serve1.log 2>&1 & SP=$!; sleep 2.5
python3 -c '
import sys; sys.path.insert(0, "/work/attack31/scripts"); from fe import *
print("first:", call("POST", "/v1/execute", tok(".","bot"), {"request_id":"a","action":"c.slow","params":{"n":"first"}}))' & CP=$!
sleep 1; kill -9 $SP; wait $SP 2>/dev/null; wait $CP 2>/dev/null; echo "serve killed at +1s"; sleep 6
$B serve --listen 127.0.0.1:18981 --policy policy.yaml --secrets-key-file keys/secrets.key --approval-sweep 1s > serve2.log 2>&1 & SP=$!; sleep 5
grep -A2 "cannot be confirmed" serve2.log | cut -c1-200
python3 -c '
import sys; sys.path.insert(0, "/work/attack31/scripts"); from fe import *
s, r = call("POST", "/v1/execute", tok(".","bot"), {"request_id":"b","action":"c.slow","params":{"n":"second"}}); print("second:", s, r.get("verdict"), r.get("ran"), [x["code"] for x in r.get("reasons",[])])
s, r = call("POST", "/v1/execute", tok(".","bot"), {"request_id":"a","action":"c.slow","params":{"n":"first"}}); print("first again (same id):", s, r.get("verdict"), r.get("ran"), r.get("replayed"), r.get("status"))'
sleep 5; kill $SP; wait $SP 2>/dev/null; echo "acted: $(cat acted.txt | tr '\n' ' ')"
