#!/usr/bin/env python3
"""Hand edits of the `sessions` table (SQLite). Usage: FOUREYES_BIN=... sessions_row_edits.py DB PORT
(a) approver's session row renamed to an admin; (b) a forged row for a chosen cookie naming an admin;
(c) a signed-out session's row re-inserted with a far expiry. Each then tries an admin write (kill switch) and a read."""
import json, os, sqlite3, subprocess, sys, time, hashlib, urllib.request
F=os.environ["FOUREYES_BIN"]; DB, PORT = sys.argv[1], int(sys.argv[2])
def cli(*a): return subprocess.run([F,"--db",DB,*a],capture_output=True,text=True)
def mk(name, role):
    out=cli("token","create","--name",name,"--role",role).stdout; return [l for l in out.split() if l.startswith("fe_")][0]
def req(method, path, body=None, headers={}):
    r=urllib.request.Request(f"http://127.0.0.1:{PORT}{path}",method=method,data=None if body is None else json.dumps(body).encode(),headers={"Content-Type":"application/json",**headers})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read() or b"null"), f.headers
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null"), e.headers
tag=str(int(time.time()))
adm=f"ea{tag}"; at=mk(adm,"admin"); ap=f"ep{tag}"; pt=mk(ap,"approver")
def signin(tok):
    st,d,hd=req("POST","/console/session",{"token":tok}); c=hd["Set-Cookie"].split(";")[0]; return c, str(d.get("csrf") or d.get("csrf_token")), d
c1,x1,d1=signin(pt); print("approver session:", d1)
db=sqlite3.connect(DB, timeout=10)
rows=db.execute("select session_hash, principal, csrf, expires_ms from sessions").fetchall()
print("session rows:", len(rows), rows[-1])
val=c1.split("=",1)[1]; h=hashlib.sha256(val.encode()).hexdigest(); print("sha256(cookie) in table:", any(r[0]==h for r in rows))
# (a) rename
db.execute("update sessions set principal=? where principal=?", (adm, ap)); db.commit()
print("(a) GET session:", req("GET","/console/session",None,{"Cookie":c1})[:2])
print("(a) kill switch:", req("POST","/v1/kill-switch",{"engaged":True},{"Cookie":c1,"X-CSRF-Token":x1})[:2])
db.execute("update sessions set principal=? where principal=?", (ap, adm)); db.commit()
# (b) forged row, same csrf hashing scheme as the genuine one
row=[r for r in db.execute("select session_hash, principal, csrf, expires_ms from sessions").fetchall() if r[1]==ap][0]
fake="f"*64; fh=hashlib.sha256(fake.encode()).hexdigest()
db.execute("insert into sessions values (?,?,?,?)",(fh, adm, row[2], row[3])); db.commit()
print("(b) GET session:", req("GET","/console/session",None,{"Cookie":"fe_session="+fake})[:2])
print("(b) kill switch:", req("POST","/v1/kill-switch",{"engaged":True},{"Cookie":"fe_session="+fake,"X-CSRF-Token":x1})[:2])
print("(b) approvals list:", req("GET","/v1/approvals",None,{"Cookie":"fe_session="+fake})[0])
# (c) sign out then re-insert
saved=[r for r in db.execute("select * from sessions").fetchall() if r[1]==ap][0]
print("(c) sign out:", req("DELETE","/console/session",None,{"Cookie":c1,"X-CSRF-Token":x1})[0])
left=db.execute("select count(*) from sessions where session_hash=?",(saved[0],)).fetchone()[0]; print("(c) row left after sign-out:", left)
if not left: db.execute("insert into sessions values (?,?,?,?)", (saved[0],saved[1],saved[2],saved[3]+10**10)); db.commit()
print("(c) GET session:", req("GET","/console/session",None,{"Cookie":c1})[:2])
print("(c) approvals list:", req("GET","/v1/approvals",None,{"Cookie":c1})[0])
print("(c) kill switch (approver -> forbidden anyway):", req("POST","/v1/kill-switch",{"engaged":True},{"Cookie":c1,"X-CSRF-Token":x1})[:2])
