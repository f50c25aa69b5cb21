#!/bin/bash
# ex.sh ACTION RID N : run foureyes execute and print a one-line summary
FE=${FOUREYES_BIN:-/work/attack29/bin/foureyes}
timeout 40 $FE --db ${DB:-f.db} --policy ${POL:-pol.yaml} execute --agent ${AGENT:-bot} --action $1 --params '{"n":'${3:-1}'}' --request-id $2 --json 2>&1 | python3 -c 'import sys,json
t=sys.stdin.read()
try:
  o=json.loads(t); print(o.get("verdict"),o.get("status"),"outcome=%s"%o.get("outcome"),"ran=%s"%o.get("ran"),json.dumps(o.get("report_detail"))[:300], [r.get("code") for r in (o.get("reasons") or [])])
except Exception: print(t[:400].replace("\n"," | "))'
