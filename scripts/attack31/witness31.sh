#!/bin/bash
# witness31.sh: a database rolled back to before the witness's newest note, and the witness's end edited by a writer:
# (a) untouched, (b) last newline removed (ADR-385), (c) last newline + last signature char removed, (d) last signature
# char changed (whole line, bad signature), (e) last note removed whole. Is the rollback caught by `decide --witness` and
# `journal verify --checkpoint`? usage: FOUREYES_BIN=... witness31.sh WORKDIR (policy.yaml, keys/)
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; rm -f fe.db* wit.txt
export FOUREYES_DB=$PWD/fe.db FOUREYES_SEAL_KEY=keys/seal.key FOUREYES_POLICY=policy.yaml
serve(){ $B serve --listen 127.0.0.1:18995 --signing-key keys/journal.key --witness $PWD/wit.txt --checkpoint-every 1000 --checkpoint-seconds 3600 > serve.log 2>&1 & SP=$!; sleep 2.5; }
serve; for i in 1 2 3; do $B decide --agent bot --action t.set --params "{\"v\":$i}" --request-id a$i >/dev/null; done
kill $SP; wait $SP 2>/dev/null; sqlite3 fe.db ".backup old.db"; echo "notes after run 1: $(grep -c '^— ' wit.txt)"
serve; for i in 4 5; do $B decide --agent bot --action t.set --params "{\"v\":$i}" --request-id a$i >/dev/null; done
kill $SP; wait $SP 2>/dev/null; cp wit.txt wit.orig; echo "witness notes: $(grep -c '^— ' wit.orig)"
try(){ cp old.db fe.db; rm -f fe.db-wal fe.db-shm
  $B journal verify --checkpoint wit.txt --public-key keys/journal.pub >v.out 2>&1; V=$?
  $B --witness wit.txt --witness-key keys/journal.pub decide --agent bot --action t.set --params '{"v":99}' --request-id r$RANDOM >d.out 2>&1; D=$?
  echo "$1: verify exit $V, decide exit $D (0 = the rolled-back db decides)  $(grep -i -m1 'torn\|not extend\|rolled\|signature' v.out d.out | cut -c1-150)"; }
cp wit.orig wit.txt; try "(a) untouched"
python3 -c "d=open('wit.orig','rb').read(); open('wit.txt','wb').write(d[:-1])"; try "(b) -newline"
python3 -c "d=open('wit.orig','rb').read(); open('wit.txt','wb').write(d[:-2])"; try "(c) -newline -1 char"
python3 -c "
d=open('wit.orig','rb').read(); c=d[-3:-2]; n=b'A' if c!=b'A' else b'B'; open('wit.txt','wb').write(d[:-3]+n+d[-2:-1])"; try "(d) last char changed, no newline"
python3 -c "
d=open('wit.orig','rb').read().decode(); notes=d.split('foureyes-journal\n'); open('wit.txt','w').write('foureyes-journal\n'.join(notes[:-1]) if notes[-1].startswith(tuple('0123456789')) else d)"; try "(e) last note removed"
