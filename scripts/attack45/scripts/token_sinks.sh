#!/bin/bash
# token create with stdout on a device that discards what is written, other than /dev/null
F=/work/attack45/foureyes; D=/tmp/attack45/tk2; rm -rf $D; mkdir -p $D; cd $D
for f in /dev/null /dev/zero /dev/urandom; do n=t$(basename $f); $F --db T.db token create --name $n --role agent > $f 2>err; echo "stdout=$f rc=$? $(head -c 100 err)"; done
$F --db T.db token create --name tjson --role agent --json > /dev/zero; echo "--json >/dev/zero rc=$?"
$F --db T.db token list
