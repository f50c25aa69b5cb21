#!/usr/bin/env python3
"""Policy reload and session restore by an admin revoked while its slow body is in flight.
Usage: FOUREYES_BIN=... this.py DB PORT POLICY_FILE NEW_POLICY_FILE (serve runs with --policy POLICY_FILE whose
session_trust demotes on the flag prompt_injection)"""
import json, os, shutil, socket, subprocess, sys, time, urllib.request
F=os.environ["FOUREYES_BIN"]; DB, PORT, POL, NEW = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
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
    s.sendall(h.encode()+b[:len(b)//2]); time.sleep(0.3); between(); time.sleep(0.1)
    try: s.sendall(b[len(b)//2:])
    except OSError: pass
    d=b""
    while (c:=s.recv(65536)): d+=c
    s.close(); t=d.decode(); return t.split("\r\n")[0]+" "+t.split("\r\n\r\n",1)[-1][:150]
tag=str(int(time.time()))
bn=f"rb{tag}"; bt=mk(bn,"agent")
print("flagged decide:", req("POST","/v1/decide",{"request_id":f"f{tag}","session":"s1","flags":["prompt_injection"],"action":"climate.set_temperature","params":{"zone":"living","celsius":20}},{"Authorization":"Bearer "+bt})[1].get("verdict"))
n=f"ra{tag}"; t=mk(n,"admin")
print("restore:", slow("/v1/sessions/restore",{"agent":bn,"session":"s1","why":"x"},{"Authorization":"Bearer "+t},lambda: cli("token","revoke",n)))
shutil.copy(NEW, POL)
n=f"rp{tag}"; t=mk(n,"admin")
print("reload (slow body):", slow("/v1/policy/reload",{},{"Authorization":"Bearer "+t},lambda: cli("token","revoke",n)))
