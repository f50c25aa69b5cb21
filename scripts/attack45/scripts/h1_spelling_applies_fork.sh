#!/bin/bash
# HOLE H1: a --db spelling that SQLite resolves to A.db while FourEyes looks for the record (DB.head) at another
# name: a symlink to A.db, or a path through a missing directory (`nox/../A.db`). Every write door then applies a
# fork's log that `--db A.db` refuses (exit 7 TRUNCATED / exit 8 ADR-1400) — even a door that itself refuses.
# Usage: h1_spelling_applies_fork.sh [symlink|dotdot]
set -u
F=/work/attack45/foureyes
MODE=${1:-symlink}
D=/tmp/attack45/h1-$MODE
/work/attack45/scripts/fork_setup.sh $D >/dev/null 2>&1
cd $D
echo "--- plain name: refused, files unchanged"
$F --db A.db token create --name z --role agent >/dev/null 2>err; echo "rc=$? $(head -c 120 err)"; sha256sum -c --quiet sums.before && echo "A.db, A.db-wal unchanged"
if [ $MODE = symlink ]; then ln -s A.db L.db; DB=L.db; else DB=nox/../A.db; fi
echo "--- --db $DB"
$F --db $DB decisions list; echo "read door rc=$?"
$F --db $DB token create --name z --role agent >z.tok 2>err; echo "rc=$? $(head -c 200 err)"
ls A.db-wal 2>/dev/null || echo "A.db-wal gone (checkpointed into A.db)"
echo "--- A.db now (plain name):"
$F --db A.db token list
$F --db A.db decisions list
$F --db A.db journal verify; echo "verify rc=$?"
$F --db A.db journal audit; echo "audit rc=$?"
echo "A's own log (A.own-wal) had: token onlyA and decision h3-onlyA; both are gone"
