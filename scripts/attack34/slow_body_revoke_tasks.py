#!/usr/bin/env python3
"""Change-control writes by a credential revoked while its slow body is in flight: an agent's propose, a runner's
check. Usage: FOUREYES_BIN=... this.py DB PORT TASK (a task created with `foureyes task create`, idle at revision 0)"""
import json, os, socket, subprocess, sys, time, urllib.request
F=os.environ["FOUREYES_BIN"]; DB, PORT, TASK = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def cli(*a): return subprocess.run([F,"--db",DB,*a],capture_output=True,text=True)
def mk(name, role):
    out=cli("token","create","--name",name,"--role",role).stdout; return [l for l in out.split() if l.startswith("fe_")][0]
def req(method, path, body=None, headers={}):
    r=urllib.request.Request(f"http://127.0.0.1:{PORT}{path}",method=method,data=None if body is None else json.dumps(body).encode(),headers={"Content-Type":"application/json",**headers})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read() or b"null")
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null")
def slow(path, body, headers, between):
    b=json.dumps(body).encode(); s=socket.create_connection(("127.0.0.1",PORT))
    h=f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(b)}\r\nConnection: close\r\n"+"".join(f"{k}: {v}\r\n" for k,v in headers.items())+"\r\n"
    s.sendall(h.encode()+b[:len(b)//2]); time.sleep(0.3); between(); time.sleep(0.1); s.sendall(b[len(b)//2:])
    d=b""
    while (c:=s.recv(65536)): d+=c
    s.close(); t=d.decode(); return t.split("\r\n")[0]+" "+t.split("\r\n\r\n",1)[-1][:200]
tag=str(int(time.time()))
n=f"ta{tag}"; t=mk(n,"agent")
print("propose:", slow(f"/v1/tasks/{TASK}/propose",{"command_id":f"p{tag}","expected_revision":0,"files":[{"path":"b.txt","content":"x"}]},{"Authorization":"Bearer "+t},lambda: cli("token","revoke",n)))
rn=f"tr{tag}"; rt=mk(rn,"runner")
print("check:", slow(f"/v1/tasks/{TASK}/check",{"command_id":f"c{tag}","expected_revision":int(os.environ.get("CHECK_REV","0"))},{"Authorization":"Bearer "+rt},lambda: cli("token","revoke",rn)))
# a runner's apply (intent) of the proposal just made, straddling the runner's revocation
st, task = req("GET", f"/v1/tasks/{TASK}/proposal", None, {"Authorization": "Bearer " + mk(f"tq{tag}", "runner")})
dig = task.get("change_digest") if isinstance(task, dict) else None
an=f"tp{tag}"; at=mk(an,"runner")
print("apply:", slow(f"/v1/tasks/{TASK}/apply",{"command_id":f"a{tag}","expected_revision":1,"change_digest":dig},{"Authorization":"Bearer "+at},lambda: cli("token","revoke",an)))
