#!/usr/bin/env python3
"""Revoke an approver with the CLI while it approves pending approvals through two replicas.
Counts `approved` events by it journaled after the revocation event (should be 0).
Usage: FOUREYES_BIN=... PG=... A=... B=... pg_vote_revoke_race.py ROUND"""
import os, sys, json, threading, time, subprocess, urllib.request
FE=os.environ['FOUREYES_BIN']; PG=os.environ['PG']; URLS=[os.environ['A'], os.environ['B']]; rnd=sys.argv[1]
def tok(n,role): return subprocess.run([FE,'--db',PG,'token','create','--name',n,'--role',role],capture_output=True,text=True).stdout.strip().splitlines()[-1]
def post(u,p,b,t):
    r=urllib.request.Request(u+p,data=json.dumps(b).encode(),headers={"Authorization":"Bearer "+t})
    try:
        with urllib.request.urlopen(r,timeout=10) as f: return 200, json.loads(f.read())
    except urllib.error.HTTPError as e: return e.code, None
ag=tok('ag'+rnd,'agent'); ap=tok('ap'+rnd,'approver')
pend=[]
for i in range(300):
    c,d=post(URLS[i%2],'/v1/decide',{"request_id":f"v{rnd}-{i}","action":"payments.send","params":{"amount_eur":1,"payee":f"P{i}"}},ag)
    pend.append((d['approval_id'],d['digest']))
codes={}; lock=threading.Lock(); idx=[0]
def w(i):
    while True:
        with lock:
            if idx[0]>=len(pend): return
            a,dg=pend[idx[0]]; idx[0]+=1
        c,_=post(URLS[i%2],f'/v1/approvals/{a}/approve',{"digest":dg},ap)
        with lock: codes[c]=codes.get(c,0)+1
ths=[threading.Thread(target=w,args=(i,)) for i in range(6)]; [t.start() for t in ths]
while idx[0]<60: time.sleep(0.01)
rv=subprocess.run([FE,'--db',PG,'token','revoke','ap'+rnd],capture_output=True,text=True)
[t.join() for t in ths]
def q(s):
    if PG.startswith('postgres'): return subprocess.run(['psql',PG,'-tAc',s],capture_output=True,text=True).stdout.strip()
    import sqlite3; c=sqlite3.connect(PG); s=s.replace('data::jsonb->>',"json_extract(data,'$.").replace("'name'=","name')=").replace("'action'=","action')=").replace("'approver'=","approver')=").replace("'approval_id'","approval_id')")
    return '\n'.join(' '.join(str(x) for x in r) for r in c.execute(s))
rs=q(f"select seq from journal where kind='credential' and data::jsonb->>'name'='ap{rnd}' and data::jsonb->>'action'='revoked'")
late=q(f"select count(*) from journal where kind='approved' and data::jsonb->>'approver'='ap{rnd}' and seq>{rs}")
tot=q(f"select count(*) from journal where kind='approved' and data::jsonb->>'approver'='ap{rnd}'")
print(json.dumps({"round":rnd,"revoke_seq":rs,"answers":codes,"approved_total":tot,"approved_after_revoke":late}))
