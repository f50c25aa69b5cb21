#!/bin/bash
# H5: `secret list` (and `journal audit`'s connector_secrets lines) print forged secret names raw: ESC sequences,
# RLO, a newline that forges a listing row, a Cyrillic twin of `base` — with no marker in `secret list`.
F=/work/attack41/foureyes; W=/tmp/attack41/h5; SK=$W/sk; rm -rf $W; mkdir -p $W; cd $W
$F secret new-key > sk
printf 'v' | $F --db A.db secret set base --secrets-key-file $SK >/dev/null
python3 - <<'P'
import sqlite3
c=sqlite3.connect('A.db'); row=list(c.execute('select * from connector_secrets').fetchone())
for name in ['\x1b[2K\x1b[1A\x1b[2Kevil', 'b\u0430se', 'x\nshop_token                       version 7    created 2026-12-01T00:00:00Z  rotated never  key 0000000000000000']:
    r=row[:]; r[0]=name; c.execute('insert into connector_secrets values(?,?,?,?,?,?,?)', r)
c.commit()
P
echo "--- secret list | cat -v"; $F --db A.db secret list --secrets-key-file $SK | cat -v
echo "--- journal audit | cat -v"; $F --db A.db journal audit | cat -v
