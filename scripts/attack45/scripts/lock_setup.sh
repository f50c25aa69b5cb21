#!/bin/bash
# Base database for lock_doors.sh / serve_lock.sh: /tmp/attack45/lk0
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml
rm -rf /tmp/attack45/lk0; mkdir -p /tmp/attack45/lk0; cd /tmp/attack45/lk0
$F journal keygen --out k >/dev/null; $F secret new-key > sk 2>/dev/null
$F --db L.db token create --name bot --role agent > bot.tok; $F --db L.db token create --name al --role approver > al.tok
$F --db L.db --policy $P decide --agent bot --action climate.set --params '{"c":20}' --request-id r1 >/dev/null
$F --db L.db --policy $P report 1 --outcome executed --detail '{"before":{"c":19}}' >/dev/null
$F --db L.db --policy $P decide --agent bot --action pay.send --params '{"amt":5}' --request-id p1 >/dev/null
$F --db L.db --policy $P decide --agent bot --action climate.set --params '{"c":20}' --request-id r2 >/dev/null
