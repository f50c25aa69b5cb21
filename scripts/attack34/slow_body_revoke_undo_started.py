#!/usr/bin/env python3
"""Undo and /started by an agent revoked while its slow body is in flight. Usage: FOUREYES_BIN=... this.py DB PORT"""
import json, os, socket, subprocess, sys, time, urllib.request
F=os.environ["FOUREYES_BIN"]; DB, PORT = sys.argv[1], int(sys.argv[2])
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
    s.close(); t=d.decode(); return t.split("\r\n")[0]+" "+t.split("\r\n\r\n",1)[-1][:150]
tag=str(int(time.time()))
for i in range(2):
    n=f"u{tag}{i}"; t=mk(n,"agent"); H={"Authorization":"Bearer "+t}
    st,d=req("POST","/v1/decide",{"request_id":f"c{tag}{i}","action":"climate.set_temperature","params":{"zone":"living","celsius":20+i}},H)
    req("POST",f"/v1/decisions/{d['decision_id']}/report",{"outcome":"executed","detail":{"before":{"celsius":19}}},H)
    print("undo   :", slow(f"/v1/decisions/{d['decision_id']}/undo",{},H,lambda: cli("token","revoke",n)))
    n=f"v{tag}{i}"; t=mk(n,"agent"); H={"Authorization":"Bearer "+t}
    st,d=req("POST","/v1/decide",{"request_id":f"e{tag}{i}","action":"climate.set_temperature","params":{"zone":"living","celsius":20+i}},H)
    print("started:", slow(f"/v1/decisions/{d['decision_id']}/started",{"server":"s"},H,lambda: cli("token","revoke",n)))
