#!/bin/bash
# listen31.sh: mcp-proxy --listen --upstream against an upstream that runs the tool and answers MODE; count:1 limit.
# A second call must not be permitted (the first may have run). usage: FOUREYES_BIN=... listen31.sh WORKDIR MODE...
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; shift
for MODE in "$@"; do
  rm -f m.db* ran.log; touch ran.log
  python3 /work/attack31/scripts/httpup31.py 18951 ran.log $MODE & UP=$!
  $B mcp-proxy --name up --agent bot --policy policy.yaml --db m.db --listen 127.0.0.1:18952 --upstream http://127.0.0.1:18951/mcp --call-timeout 3s > proxy.log 2>&1 & PX=$!
  sleep 1.5
  python3 - <<'PY'
import json, urllib.request
def rpc(o, sid=None):
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if sid: h["mcp-session-id"] = sid
    req = urllib.request.Request("http://127.0.0.1:18952/mcp", data=json.dumps(o).encode(), headers=h, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=15) as r: return r.status, r.headers.get("mcp-session-id"), r.read().decode()[:200]
    except urllib.error.HTTPError as e: return e.code, None, e.read().decode()[:200]
    except Exception as e: return -1, None, str(e)[:200]
s, sid, b = rpc({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}})
rpc({"jsonrpc":"2.0","method":"notifications/initialized"}, sid); rpc({"jsonrpc":"2.0","id":2,"method":"tools/list"}, sid)
for i in (3, 4):
    s, _, b = rpc({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"pay","arguments":{"amount":10}}}, sid)
    print(f"   call {i}: HTTP {s} {b[:150]}")
PY
  R=$(grep -c RAN ran.log); kill $PX $UP; wait $PX $UP 2>/dev/null
  echo "MODE $MODE: tool ran $R time(s) (limit 1); decisions: $(sqlite3 m.db "select id||':'||verdict||'/'||status from decisions" | tr '\n' ' ')"
done
