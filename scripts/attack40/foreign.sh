#!/bin/bash
# foreign SQLite dbs with FourEyes-like tables; run some doors, report if the file changed
cd /tmp/attack40; F=${F:-foureyes}; P=$(dirname "$0")/pol.yaml
J="CREATE TABLE journal(seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, seal TEXT); INSERT INTO journal VALUES(1,1,'mine','{}','0','abc',NULL);"
CORE="CREATE TABLE decisions(x); CREATE TABLE idempotency(x); CREATE TABLE approvals(x); CREATE TABLE approval_votes(x); CREATE TABLE reservations(x); CREATE TABLE settings(x); CREATE TABLE tokens(x); CREATE TABLE sessions(x); CREATE TABLE signin_codes(x); CREATE TABLE secrets(k,v); INSERT INTO secrets VALUES('other-program','data');"
mk(){ rm -f fo.db*; sqlite3 fo.db "$1" >/dev/null; }
for v in "F1 journal-only appid+uv11|$J PRAGMA application_id=1178958181; PRAGMA user_version=11;" \
         "F2 core-names appid0 uv11|$J $CORE PRAGMA user_version=11;" \
         "F3 core-names appid uv10|$J $CORE PRAGMA application_id=1178958181; PRAGMA user_version=10;" \
         "F4 core-names appid uv11 wal|$J $CORE PRAGMA application_id=1178958181; PRAGMA user_version=11; PRAGMA journal_mode=WAL;"; do
  name=${v%%|*}; sql=${v#*|}
  for door in "journal verify" "token list" "secret list --secrets-key-file keys/sk.txt" "token create --name z --role agent" "--policy $P decide --agent bot --action lights.set --params {\"on\":true}" "kill-switch on"; do
    mk "$sql"; b=$(sha256sum fo.db|cut -c1-10); out=$($F --db fo.db $door 2>&1 | head -1 | cut -c1-150); rc=${PIPESTATUS[0]}
    $F --db fo.db $door >/dev/null 2>&1; rc=$?
    a=$(sha256sum fo.db|cut -c1-10); t=$(sqlite3 fo.db "select group_concat(name,',') from sqlite_master where type='table'")
    echo "$name | ${door:0:30} | rc=$rc | $([ $b = $a ] && echo same || echo CHANGED) | tables=$t | $out"
  done
done
