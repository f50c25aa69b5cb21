#!/bin/bash
# DB.head replaced by a hard link, a symlink, a FIFO, a directory, a huge file, a truncated record, another DB's record.
F=/work/attack44/foureyes; export FOUREYES_POLICY=/work/attack44/scripts/policy.yaml
W=/tmp/attack44/ht; rm -rf $W; mkdir -p $W; cd $W
fresh() { rm -rf A.db*; $F --db A.db decide --agent bot --action t.act --params '{"n":0}' --request-id init >/dev/null; }
door() { # $1 label
  timeout 20 $F --db A.db decide --agent bot --action t.act --params '{"n":1}' --request-id "x$RANDOM" >out.txt 2>&1; rc=$?
  timeout 20 $F --db A.db journal verify >v.txt 2>&1; vrc=$?
  echo "[$1] decide rc=$rc: $(head -c 300 out.txt | tr '\n' ' ')"; echo "    verify rc=$vrc: $(head -c 200 v.txt|tr '\n' ' ')"
}
echo victim > victim.txt
fresh; rm A.db.head; ln victim.txt A.db.head; door hardlink; echo "    victim now: $(head -c 80 victim.txt | tr '\n' '|') nlink=$(stat -c %h victim.txt)"
echo victim > victim.txt
fresh; rm A.db.head; ln -s $W/victim.txt A.db.head; door symlink; echo "    victim now: $(head -c 80 victim.txt | tr '\n' '|')"; ls -la A.db.head
fresh; rm A.db.head; mkfifo A.db.head; door fifo; ls -la A.db.head
fresh; rm A.db.head; mkdir A.db.head; door directory; ls -lad A.db.head; rmdir A.db.head 2>/dev/null
fresh; rm A.db.head; ln -s /dev/zero A.db.head; door devzero-symlink; ls -la A.db.head
fresh; cp A.db.head h; rm A.db.head; cp h A.db.head; truncate -s 2G A.db.head; door huge; ls -la A.db.head
fresh; truncate -s 100 A.db.head; door truncated100; head -c 400 A.db.head | head -5
fresh; truncate -s 0 A.db.head; door truncated0; head -5 A.db.head
fresh; chmod 000 A.db.head; chattr +i A.db.head 2>/dev/null && echo immutable-set; door immutable; chattr -i A.db.head 2>/dev/null
