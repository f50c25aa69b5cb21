#!/bin/bash
FE=/work/attack37/foureyes
T=/tmp/attack37/static2; rm -rf $T; mkdir -p $T/keys $T/d
# 1. symlink at DB -> another application's SQLite database (non-empty key)
sqlite3 $T/keys/app.db "create table secrets(x); insert into secrets values('keep me');"
h=$(sha256sum < $T/keys/app.db); ls -la $T/keys
ln -s $T/keys/app.db $T/d/t.db
$FE --db $T/d/t.db token create --name a1 --role agent >$T/o 2>&1; echo "rc=$?"; head -c 300 $T/o; echo
[ "$(sha256sum < $T/keys/app.db)" = "$h" ] && echo "key intact" || echo "KEY CHANGED: $(stat -c %s $T/keys/app.db) B; tables: $(sqlite3 $T/keys/app.db .tables | tr -s ' \n' ' ' | cut -c1-200)"
ls -la $T/keys
