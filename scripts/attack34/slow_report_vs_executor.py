#!/usr/bin/env python3
"""An agent's own report (slow body) straddling the creation of its executor, after which its reports must be refused.
Usage: FOUREYES_BIN=... this.py DB PORT (serve with a policy where climate.set_temperature zone/celsius is permitted)"""
import json, os, socket, subprocess, sys, time, urllib.request
F=os.environ["FOUREYES_BIN"]; DB, PORT = sys.argv[1], int(sys.argv[2])
def cli(*a): return subprocess.run([F,"--db",DB,*a],capture_output=True,text=True)
def mk(name, role, *x):
    out=cli("token","create","--name",name,"--role",role,*x).stdout; return [l for l in out.split() if l.startswith("fe_")][0]
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
    s.close(); t=d.decode(); return t.split("\r\n")[0]+" "+t.split("\r\n\r\n",1)[-1][:160]
tag=str(int(time.time())); landed=0
for i in range(3):
    an=f"ag{tag}{i}"; at=mk(an,"agent"); H={"Authorization":"Bearer "+at}
    st,d=req("POST","/v1/decide",{"request_id":f"r{tag}{i}","action":"climate.set_temperature","params":{"zone":"living","celsius":20}},H)
    r=slow(f"/v1/decisions/{d['decision_id']}/report",{"outcome":"failed"},H,lambda: mk(f"ex{tag}{i}","executor","--for",an))
    print(d.get("verdict"), "agent report after its executor was created:", r); landed+=r.split()[1]=="200"
print("landed", landed, "of 3")
