#!/bin/bash
# every read door on (a) a clean db and (b) a db whose log holds committed frames: A.db and A.db-wal bytes+mtime must not change
/work/attack41/scripts/common_setup.sh
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/rd; SK=/tmp/attack41/sec/sk
export FOUREYES_POLICY=/tmp/attack41/h1/pol.yaml
rm -rf $W; mkdir -p $W; cd $W
$F journal keygen --out k >/dev/null
[ -s /tmp/attack41/mx/good/G.db ] || python3 /work/attack41/scripts/matrix.py good verify >/dev/null
cp /tmp/attack41/mx/good/G.db base.db
$F --db base.db journal checkpoint --signing-key k/journal.key --out cp.txt >/dev/null
$F --db base.db decide --agent bot --action payments.send --params '{"amount_eur":5,"payee":"x"}' --request-id p1 >/dev/null
$F --db base.db journal prove 2 > proof.json
$F --db base.db journal export ev.jsonl > /dev/null
DOORS=("journal verify" "journal verify --checkpoint $W/cp.txt --public-key $W/k/journal.pub" "journal audit" "journal export $W/x.jsonl" "journal tail" "journal prove 2" "decisions list" "decisions list --status intended" "decisions show 1" "approvals list" "approvals show 1" "sessions list" "token list" "mcp pins list" "kill-switch status" "unconfirmed" "policy diff --replay 5 /tmp/attack41/h1/pol.yaml /tmp/attack41/h1/pol.yaml" "task status --task 1" "secret list --secrets-key-file $SK" "journal verify --file $W/ev.jsonl" "journal verify-proof --proof $W/proof.json --public-key $W/k/journal.pub")
st(){ for f in A.db A.db-wal; do [ -e $f ] && echo "$f $(stat -c '%s %.9Y' $f) $(sha256sum <$f | cut -c1-12)"; done; }
for mode in clean frames; do
 for door in "${DOORS[@]}"; do
  rm -f A.db*; cp base.db A.db; cp /tmp/attack41/mx/good/G.db.clock A.db.clock
  if [ $mode = frames ]; then
    python3 $S/reader.py A.db 30 > /dev/null & RP=$!; sleep 0.3
    $F --db A.db token create --name f1 --role agent >/dev/null; $F --db A.db decide --agent bot --action climate.set_temperature --params '{"zone":"living","celsius":21}' --request-id f2 >/dev/null
    kill -9 $RP; wait $RP 2>/dev/null
  fi
  sleep 0.05; b=$(st); timeout 20 $F --db A.db $door >/dev/null 2>e.txt; rc=$?; a=$(st)
  [ "$b" == "$a" ] && r=same || r="CHANGED [$b] -> [$a]"
  echo "$mode | $door | rc=$rc | $r | $(head -c 100 e.txt)"
 done
done
