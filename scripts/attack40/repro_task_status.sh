#!/bin/bash
# `task status` (a listing: "the task as the journal replays it") opens read-write: creates a database at a mistyped path,
# writes into an empty file, and checkpoints/deletes the -wal of the database it lists
cd /tmp/attack40; F=${F:-foureyes}; rm -rf ts; mkdir -p ts/t
$F --db ts/typo.db task status --task 1; echo "rc=$?"; ls -la ts
: > ts/empty.db; $F --db ts/empty.db task status --task 1; echo "rc=$?"; ls -la ts/empty.db
ln -s t/target.db ts/link.db; $F --db ts/link.db task status --task 1; echo "rc=$?"; ls -la ts/t
$F --db ts/typo2.db journal verify; echo "journal verify on a mistyped path: rc=$? (17 expected)"
