#!/usr/bin/env bash
# H1: writes by a credential revoked between its authentication and its write (slow body) still land:
# kill switch (engage AND release, bearer and console session), MCP first-seen pin, MCP refusal.
# Usage: FOUREYES_BIN=/path/to/foureyes ./h1_revoked_writes_kill_switch_pins.sh [ROUNDS]
# PostgreSQL, two replicas: H1_DB=postgres://postgres@127.0.0.1:PORT/DB (a fresh database) — the slow requests alternate
# between the two replicas.
set -euo pipefail
F=${FOUREYES_BIN:?}; ROUNDS=${1:-3}; D=$(mktemp -d /tmp/attack34-h1.XXXX); PORT=$((20000 + RANDOM % 20000))
DB=${H1_DB:-$D/h1.db}; PORT2=$PORT
"$F" --db "$DB" serve --listen 127.0.0.1:$PORT >"$D/serve.log" 2>&1 & SP=$!; SP2=
for i in $(seq 100); do curl -sf 127.0.0.1:$PORT/healthz >/dev/null && break; sleep 0.2; done
if [ -n "${H1_DB:-}" ]; then PORT2=$((PORT + 1)); "$F" --db "$DB" serve --listen 127.0.0.1:$PORT2 >"$D/serve2.log" 2>&1 & SP2=$!
  for i in $(seq 100); do curl -sf 127.0.0.1:$PORT2/healthz >/dev/null && break; sleep 0.2; done; fi
trap 'kill $SP $SP2 2>/dev/null; wait $SP $SP2 2>/dev/null; rm -rf "$D"' EXIT
FOUREYES_BIN="$F" PORT2=$PORT2 TMPDIR="$D" python3 - "$DB" "$PORT" "$ROUNDS" <<'PY'
import json, os, socket, subprocess, sys, time, urllib.request
F = os.environ["FOUREYES_BIN"]; DB, PORT, ROUNDS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def cli(*a): return subprocess.run([F, "--db", DB, *a], capture_output=True, text=True)
n=[0]
def fresh(role):
    n[0]+=1; name=f"h1x{n[0]}"; out=cli("token","create","--name",name,"--role",role).stdout
    return name,[l for l in out.split() if l.startswith("fe_")][0]
def req(method, path, body=None, headers={}):
    r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read() or b"null"), f.headers
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null"), e.headers
P2=int(os.environ.get("PORT2",PORT)); k=[0]
def slow(path, body, headers, between):
    k[0]+=1; b=json.dumps(body).encode(); s=socket.create_connection(("127.0.0.1",PORT if k[0]%2 else P2))
    h=f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(b)}\r\nConnection: close\r\n"+"".join(f"{k}: {v}\r\n" for k,v in headers.items())+"\r\n"
    s.sendall(h.encode()+b[:len(b)//2]); time.sleep(0.3); between(); time.sleep(0.1); s.sendall(b[len(b)//2:])
    d=b""
    while (c:=s.recv(65536)): d+=c
    s.close(); return int(d.split(b" ")[1])
def session(tok):
    st,d,hd=req("POST","/console/session",{"token":tok}); return {"Cookie":hd["Set-Cookie"].split(";")[0],"X-CSRF-Token":str(d.get("csrf") or d.get("csrf_token"))}
landed={}; tried={}
def count(k,ok): tried[k]=tried.get(k,0)+1; landed[k]=landed.get(k,0)+(1 if ok else 0)
for r in range(ROUNDS):
    for via in ("bearer","session"):
        for engaged in (True, False):
            an,at=fresh("admin"); req("POST","/v1/kill-switch",{"engaged": not engaged},{"Authorization":"Bearer "+at})
            name,tok=fresh("admin"); hd={"Authorization":"Bearer "+tok} if via=="bearer" else session(tok)
            st=slow("/v1/kill-switch",{"engaged":engaged},hd,lambda: cli("token","revoke",name))
            now=req("GET","/v1/kill-switch",None,{"Authorization":"Bearer "+at})[1]["engaged"]
            count(f"kill switch {'engage' if engaged else 'RELEASE'} ({via})", st==200 and now==engaged)
    name,tok=fresh("agent")
    st=slow("/v1/mcp/pins",{"server":"srv","tool":f"tool{r}","sha256":"ab"*32},{"Authorization":"Bearer "+tok},lambda: cli("token","revoke",name))
    count("mcp first-seen pin (agent bearer)", st==200)
    name,tok=fresh("agent")
    st=slow("/v1/mcp/refusals",{"code":"ambiguous_tool_call","message":"m","input":{}},{"Authorization":"Bearer "+tok},lambda: cli("token","revoke",name))
    count("mcp refusal (agent bearer)", st==200)
    name,tok=fresh("agent")
    d=req("POST","/v1/decide",{"request_id":f"st{r}","action":"climate.set_temperature","params":{"zone":"living","celsius":21}},{"Authorization":"Bearer "+tok})[1]
    st=slow(f"/v1/decisions/{d['decision_id']}/started",{"server":"s"},{"Authorization":"Bearer "+tok},lambda: cli("token","revoke",name))
    count("decision started mark (agent bearer)", st==200)
# from the journal: events by a name after its `revoked` event
EX=os.path.join(os.environ.get("TMPDIR","/tmp"),f"h1-export-{os.getpid()}.jsonl")
subprocess.run([F,"--db",DB,"journal","export",EX],capture_output=True)
revoked=set(); late=[]
for l in open(EX):
    e=json.loads(l); d=e["data"]
    if e["kind"]=="credential" and d.get("action")=="revoked": revoked.add(d["name"]); continue
    who=d.get("by") or d.get("agent")
    if who in revoked and e["kind"]!="refused": late.append((e["seq"],e["kind"],who,json.dumps(d)[:90]))
for k in tried: print(f"{k:40} landed after revocation: {landed[k]} of {tried[k]}")
print("journal: non-refusal events by a name after its `revoked` event:", len(late))
for x in late: print("  ", x)
PY
