#!/bin/bash
# listendrop31.sh: mcp-proxy --listen; the client drops its HTTP connection 1 s into a slow (6 s) tools/call; a second
# client then calls under count:1. Claim: the first may have run, so it keeps its reservation; the tool runs once.
B=${FOUREYES_BIN:?}; cd "$1" || exit 2; rm -f m.db* ran.log; touch ran.log
python3 /work/attack31/scripts/httpup31.py 18951 ran.log slow & UP=$!
$B mcp-proxy --name up --agent bot --policy policy.yaml --db m.db --listen 127.0.0.1:18952 --upstream http://127.0.0.1:18951/mcp > proxy.log 2>&1 & PX=$!
sleep 1.5
python3 - <<'PY'
import json, urllib.request, socket, time
def rpc(o, sid=None, timeout=20):
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if sid: h["mcp-session-id"] = sid
    req = urllib.request.Request("http://127.0.0.1:18952/mcp", data=json.dumps(o).encode(), headers=h, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r: return r.status, r.headers.get("mcp-session-id"), r.read().decode()[:160]
    except urllib.error.HTTPError as e: return e.code, None, e.read().decode()[:160]
    except Exception as e: return -1, None, str(e)[:160]
def init():
    s, sid, b = rpc({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}})
    rpc({"jsonrpc":"2.0","method":"notifications/initialized"}, sid); rpc({"jsonrpc":"2.0","id":2,"method":"tools/list"}, sid); return sid
sid = init()
print("first (client gives up after 1 s):", rpc({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"pay","arguments":{"amount":1}}}, sid, timeout=1)[::2])
time.sleep(8)
sid2 = init()
print("second:", rpc({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"pay","arguments":{"amount":2}}}, sid2, timeout=20)[::2])
PY
sleep 1; kill $PX $UP; wait $PX $UP 2>/dev/null
echo "tool ran $(grep -c RAN ran.log) time(s) (limit 1); decisions: $(sqlite3 m.db "select id||':'||verdict||'/'||status from decisions" | tr '\n' ' ')"
