#!/bin/bash
# attack30 W2 (suspected; needs write access to the witness file, which the docs say to keep off the database's host):
# dropping ONE byte - the final newline - of the witness's newest, complete, validly signed checkpoint turns it into a
# "torn tail" (ADR-380): `journal verify --checkpoint` then accepts a database rolled back to before that checkpoint
# (exit 0, a warning only), and the next append deletes the signed note. Usage: FOUREYES_BIN=... witness_newline.sh
set -u
B=${FOUREYES_BIN:?set FOUREYES_BIN}; mkdir -p /tmp/attack30; D=$(mktemp -d /tmp/attack30/wnXXXX); cd $D
cat > pol.yaml <<'P'
version: 1
actions:
  a.b: { tier: 2, limits: [{ count: 100, per: 1h }], params: { n: { type: integer } } }
P
$B journal keygen --out keys >/dev/null
$B --db fe.db --policy pol.yaml decide --agent bot --action a.b --params '{"n":1}' >/dev/null
$B --db fe.db journal checkpoint --signing-key keys/journal.key --out w.txt >/dev/null
cp fe.db old.db                                              # the copy the attacker will restore
$B --db fe.db --policy pol.yaml decide --agent bot --action a.b --params '{"n":2}' >/dev/null
$B --db fe.db journal checkpoint --signing-key keys/journal.key --out w.txt >/dev/null
cp old.db fe.db; rm -f fe.db-wal fe.db-shm                  # roll the database back
echo "--- intact witness:"; $B --db fe.db journal verify --checkpoint w.txt --public-key keys/journal.pub > v1.txt 2>&1; echo "exit $?"; head -1 v1.txt | cut -c1-200
truncate -s -1 w.txt                                         # drop the last byte: the final newline
echo "--- witness minus its final newline:"; $B --db fe.db journal verify --checkpoint w.txt --public-key keys/journal.pub 2>&1 | head -3 | cut -c1-200
$B --db fe.db journal verify --checkpoint w.txt --public-key keys/journal.pub >/dev/null 2>&1; rc=$?; echo "exit $rc"
echo "--- the next append (journal checkpoint --out) on the rolled-back database:"
$B --db fe.db journal checkpoint --signing-key keys/journal.key --out w.txt 2>&1 | cut -c1-200
$B --db fe.db journal verify --checkpoint w.txt --public-key keys/journal.pub >/dev/null 2>&1; echo "verify after the append: exit $?  (notes in witness: $(grep -c '^— ' w.txt))"
[ $rc -eq 0 ] && { echo "rollback accepted (suspected W2)"; exit 1; }; echo held
