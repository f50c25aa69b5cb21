#!/bin/bash
# A read door's advice for a negative user_version names a door that refuses it
F=/work/attack45/foureyes; D=/tmp/attack45/uvn; rm -rf $D; mkdir -p $D; cd $D
$F --db U.db token create --name bot --role agent >tok; sqlite3 U.db "pragma user_version=-1"
$F --db U.db journal verify; echo "journal verify rc=$?"
$F --db U.db token create --name z --role agent >tok2; echo "token create rc=$?"
