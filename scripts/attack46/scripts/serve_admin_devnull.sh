#!/bin/bash
# F1452: serve on a fresh database prints the first admin's token and sign-in link to stdout; to /dev/null (or a
# read-only stdout) the admin token stays active and serve carries on (exit 0 at SIGTERM).
F=/work/attack46/foureyes; D=${1:-/tmp/attack46/sad}; P=${2:-18499}; rm -rf $D; mkdir -p $D; cd $D; cp /work/attack46/scripts/p.yaml .
$F --db n.db --policy p.yaml serve --listen 127.0.0.1:$P > /dev/null 2> err & SP=$!; sleep 3; kill $SP; wait $SP; echo "serve >/dev/null rc=$?"
grep -v '^warning' err; $F --db n.db token list
