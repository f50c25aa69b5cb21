#!/bin/bash
# usage: serve_cut.sh DIR PORT MODE   (MODE: trunc = cut + wal_checkpoint(TRUNCATE) by sqlite3 under serve;
#  full = cut + wal_checkpoint(FULL); trunc_req = trunc then a request; kill9 = trunc then SIGKILL)
F=/work/attack46/foureyes; D=$1; P=$2; M=$3
rm -rf $D; mkdir -p $D; cd $D; cp /tmp/attack46/p.yaml .
$F --db S.db token create --name bot --role agent > tok.out || exit 1
TOK=$(tail -1 tok.out)
$F --db S.db --policy p.yaml serve --listen 127.0.0.1:$P > serve.out 2>&1 & SP=$!
for i in $(seq 50); do curl -s -o /dev/null 127.0.0.1:$P/healthz && break; sleep 0.2; done
for i in 1 2 3 4 5 6; do curl -s -H "Authorization: Bearer $TOK" -H 'content-type: application/json' \
  -d "{\"action\":\"climate.set\",\"params\":{\"c\":$((i+10))},\"request_id\":\"r$i\"}" 127.0.0.1:$P/v1/decide | cut -c1-80; echo; done
sleep 0.5
echo "head before: $(sed -n 3p S.db.head | cut -c1-20)"
MAX=$(sqlite3 S.db "select max(seq) from journal")
case $M in
 trunc|trunc_req|kill9) sqlite3 S.db "drop trigger journal_no_delete; delete from journal where seq>$((MAX-3)); create trigger journal_no_delete before delete on journal begin select raise(abort, 'journal is append-only'); end; pragma wal_checkpoint(TRUNCATE);" ;;
 ckpt) sqlite3 S.db "pragma wal_checkpoint(TRUNCATE);" ;;
 restart) sqlite3 S.db "drop trigger journal_no_delete; delete from journal where seq>$((MAX-3)); create trigger journal_no_delete before delete on journal begin select raise(abort, 'journal is append-only'); end; pragma wal_checkpoint(RESTART);" ;;
 full) sqlite3 S.db "drop trigger journal_no_delete; delete from journal where seq>$((MAX-3)); create trigger journal_no_delete before delete on journal begin select raise(abort, 'journal is append-only'); end; pragma wal_checkpoint(FULL);" ;;
esac
ls -la S.db-wal 2>&1 | cut -c1-80
if [ $M = trunc_req ] || [ $M = ckpt ]; then curl -s -H "Authorization: Bearer $TOK" -H 'content-type: application/json' \
  -d '{"action":"climate.set","params":{"c":20},"request_id":"rX"}' 127.0.0.1:$P/v1/decide | cut -c1-200; echo; fi
sleep 0.5
if [ $M = kill9 ]; then kill -9 $SP; else kill $SP; fi; wait $SP; echo "serve rc=$?"; tail -3 serve.out | cut -c1-300
echo "head after: $(sed -n 3p S.db.head | cut -c1-20)"; ls -la S.db* | awk '{print $5, $9}'
$F --db S.db journal verify; echo "verify rc=$?"
$F --db S.db kill-switch status; echo "ks rc=$?"
