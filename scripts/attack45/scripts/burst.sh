#!/bin/bash
# N doors at once on one database (decides, token creates, kill-switch on/off, reads), optionally with serve running.
# Counts exit codes; prints any 7/8 message. Usage: burst.sh N [serve]
set -u
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml; N=$1; SV=${2:-}
D=/tmp/attack45/burst; rm -rf $D; mkdir -p $D/o; cd $D
$F --db B.db token create --name bot --role agent > bot.tok; ln -s B.db L.db
BOT=$(grep -o 'fe_[0-9a-f]*' bot.tok | head -1)
if [ -n "$SV" ]; then $F --db B.db --policy $P serve --listen 127.0.0.1:18640 > serve.out 2> serve.err & SP=$!; sleep 1.5; fi
for i in $(seq 1 $N); do
  case $((i % 6)) in
   0|1|2) $F --db $([ -n "${MIX:-}" ] && [ $((i%2)) = 0 ] && echo L.db || echo B.db) --policy $P decide --agent bot --action climate.set --params '{"c":20}' --request-id q$i >/dev/null 2>o/e$i; echo $? > o/r$i & ;;
   3) $F --db B.db token create --name t$i --role agent >o/tok$i 2>o/e$i; echo $? > o/r$i & ;;
   4) $F --db B.db kill-switch $([ $((i%4)) = 0 ] && echo on || echo off) >/dev/null 2>o/e$i; echo $? > o/r$i & ;;
   5) $F --db B.db decisions list >/dev/null 2>o/e$i; echo $? > o/r$i & ;;
  esac
  if [ -n "$SV" ] && [ $((i%10)) = 0 ]; then curl -s -m 60 127.0.0.1:18640/v1/decide -H "Authorization: Bearer $BOT" -d "{\"request_id\":\"h$i\",\"action\":\"climate.set\",\"params\":{\"c\":20}}" -o o/h$i & fi
done
wait $(jobs -p | grep -v "^${SP:-x}$") 2>/dev/null
echo "exit codes:"; cat o/r* | sort | uniq -c
for f in o/r*; do r=$(cat $f); if [ "$r" != 0 ] && [ "$r" != 10 ] && [ "$r" != 11 ]; then echo "$f rc=$r: $(grep -v '^warning' ${f/r/e} | head -1 | cut -c1-300)"; fi; done | head -20
if [ -n "$SV" ]; then grep -L '"decision_id"' o/h* | while read f; do echo "$f: $(head -c 300 $f)"; done | head; kill -TERM $SP; wait $SP; echo "serve exit=$?"; grep -v '^warning' serve.err | head -5 | cut -c1-300; fi
$F --db B.db journal verify | head -1; $F --db B.db journal audit | head -2; head -4 B.db.head
