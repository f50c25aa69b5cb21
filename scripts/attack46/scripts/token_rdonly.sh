#!/bin/bash
# F1452/ADR-1431: a token whose only showing cannot be written stays live when stdout is opened read-only
# (write(2) fails EBADF; Rust's stdout treats EBADF as success).
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/tro}; rm -rf $D; mkdir -p $D; cd $D; export FOUREYES_DB=t.db
$F token create --name first --role agent > first.out
touch ro.txt
$F token create --name ro --role agent 1<ro.txt; echo "token create 1<ro.txt: rc=$?  bytes in ro.txt: $(wc -c < ro.txt)"
$F token create --name devnull --role agent 1</dev/null; echo "token create 1</dev/null: rc=$?"
$F token list
