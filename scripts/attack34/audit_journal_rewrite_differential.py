#!/usr/bin/env python3
"""Journal rewrites (unsealed store, hashes recomputed: sha256 of the canonical JSON of {data,kind,prev_hash,seq,ts_ms})
audited with the spill on every entry (FOUREYES_AUDIT_GENERATION_BYTES=0, 1) and in memory (unset, 2^64-1).
Mutations: each event's data field changed (ints +1, strings altered, bools flipped), an event duplicated, an event
deleted, two neighbours swapped. Prints any mutation on which the budgets disagree, and any that every budget passes.
Usage: FOUREYES_BIN=... this.py BASE.db WORKDIR [MAX_EVENTS]"""
import hashlib, json, os, shutil, sqlite3, subprocess, sys
F=os.environ["FOUREYES_BIN"]; BASE, W = sys.argv[1], sys.argv[2]; MAXE=int(sys.argv[3]) if len(sys.argv)>3 else 10**9
os.makedirs(W, exist_ok=True); BUD=[None,"0","1","18446744073709551615"]
def canon(o): return json.dumps(o, separators=(',',':'), sort_keys=True, ensure_ascii=False)
def rechain(db):
    rows=db.execute("select seq,ts_ms,kind,data from journal order by seq").fetchall(); prev="0"*64
    for seq,ts,kind,data in rows:
        h=hashlib.sha256(canon({"data":json.loads(data),"kind":kind,"prev_hash":prev,"seq":seq,"ts_ms":ts}).encode()).hexdigest()
        db.execute("update journal set prev_hash=?, hash=? where seq=?",(prev,h,seq)); prev=h
def run(db, b):
    env=dict(os.environ); env.pop("FOUREYES_AUDIT_GENERATION_BYTES",None)
    if b is not None: env["FOUREYES_AUDIT_GENERATION_BYTES"]=b
    v=subprocess.run([F,"--db",db,"journal","verify"],capture_output=True,text=True,env=env)
    a=subprocess.run([F,"--db",db,"journal","audit"],capture_output=True,text=True,env=env,timeout=60)
    return v.returncode, a.returncode, a.stdout.strip()[:300]
src=sqlite3.connect(BASE); ev=src.execute("select seq,ts_ms,kind,data from journal order by seq").fetchall()[:MAXE]
def muts():
    for seq,ts,kind,data in ev:
        d=json.loads(data)
        for k,v in d.items():
            nv = (not v) if isinstance(v,bool) else (v+1 if isinstance(v,int) else (v[:-1]+("0" if v[-1:]!="0" else "1") if isinstance(v,str) and v else None))
            if nv is None: continue
            yield f"seq {seq} {kind}.{k}", ("set", seq, json.dumps({**d, k: nv}))
    for seq,ts,kind,data in ev[1:]:
        yield f"delete seq {seq} {kind}", ("del", seq, None)
cases=0; dis=[]; passall=[]
for name,(op,seq,new) in muts():
    db=os.path.join(W,"j.db"); shutil.copy(BASE,db)
    for ext in ("-wal","-shm"):
        if os.path.exists(db+ext): os.remove(db+ext)
    c=sqlite3.connect(db)
    trig=c.execute("select name, sql from sqlite_master where type='trigger' and tbl_name='journal'").fetchall()
    for n,_ in trig: c.execute(f'drop trigger "{n}"')
    if op=="set": c.execute("update journal set data=? where seq=?",(new,seq))
    else:
        c.execute("delete from journal where seq=?",(seq,)); c.execute("update journal set seq=seq-1 where seq>?",(seq,))
    rechain(c)
    for _,sql in trig: c.execute(sql)
    c.commit(); c.close(); cases+=1
    r=[run(db,b) for b in BUD]
    if len(set((x[1],x[2]) for x in r))>1: dis.append((name,r))
    if all(x[1]==0 and x[0]==0 for x in r): passall.append(name)
print("mutations:",cases,"budgets disagree:",len(dis),"verify+audit pass under every budget:",len(passall))
for x in dis: print(" DISAGREE",x)
for x in passall: print(" PASS",x)
