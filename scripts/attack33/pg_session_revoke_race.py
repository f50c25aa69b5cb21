#!/usr/bin/env python3
"""An approver signed in to the console on replica B (session cookie) approves pending approvals through B and A while
the CLI revokes the approver. Counts `approved` events by it after the revocation event (should be 0).
Usage: FOUREYES_BIN=... PG=... A=... B=... pg_session_revoke_race.py ROUND"""
import os, sys, json, threading, time, subprocess, urllib.request
FE=os.environ['FOUREYES_BIN']; PG=os.environ['PG']; URLS=[os.environ['B'], os.environ['A']]; rnd=sys.argv[1]
def tok(n,role): return subprocess.run([FE,'--db',PG,'token','create','--name',n,'--role',role],capture_output=True,text=True).stdout.strip().splitlines()[-1]
def post(u,p,b,h):
    r=urllib.request.Request(u+p,data=json.dumps(b).encode(),headers=h)
    try:
        with urllib.request.urlopen(r,timeout=10) as f: return 200, json.loads(f.read()), f.headers
    except urllib.error.HTTPError as e: return e.code, None, None
ag=tok('sag'+rnd,'agent'); ap=tok('sap'+rnd,'approver')
sessions=[]
for u in URLS:
    c,d,h=post(u,'/console/session',{"token":ap},{"Content-Type":"application/json"})
    ck=h['Set-Cookie'].split(';')[0]; sessions.append((u,{"Cookie":ck,"X-CSRF-Token":d['csrf'],"Content-Type":"application/json","Origin":u}))
pend=[]
for i in range(200):
    c,d,_=post(URLS[i%2],'/v1/decide',{"request_id":f"s{rnd}-{i}","action":"payments.send","params":{"amount_eur":1,"payee":f"P{i}"}},{"Authorization":"Bearer "+ag})
    pend.append((d['approval_id'],d['digest']))
codes={}; lock=threading.Lock(); idx=[0]
def w(i):
    u,h=sessions[i%2]
    while True:
        with lock:
            if idx[0]>=len(pend): return
            a,dg=pend[idx[0]]; idx[0]+=1
        c,_,_=post(u,f'/v1/approvals/{a}/approve',{"digest":dg},h)
        with lock: codes[c]=codes.get(c,0)+1
ths=[threading.Thread(target=w,args=(i,)) for i in range(6)]; [t.start() for t in ths]
while idx[0]<40: time.sleep(0.01)
subprocess.run([FE,'--db',PG,'token','revoke','sap'+rnd],capture_output=True,text=True)
[t.join() for t in ths]
def q(s):
    if PG.startswith('postgres'): return subprocess.run(['psql',PG,'-tAc',s],capture_output=True,text=True).stdout.strip()
    import sqlite3; c=sqlite3.connect(PG); s=s.replace('data::jsonb->>',"json_extract(data,'$.").replace("'name'=","name')=").replace("'action'=","action')=").replace("'approver'=","approver')=").replace("'approval_id'","approval_id')")
    return '\n'.join(' '.join(str(x) for x in r) for r in c.execute(s))
rs=q(f"select seq from journal where kind='credential' and data::jsonb->>'name'='sap{rnd}' and data::jsonb->>'action'='revoked'")
late=q(f"select count(*) from journal where kind='approved' and data::jsonb->>'approver'='sap{rnd}' and seq>{rs}")
tot=q(f"select count(*) from journal where kind='approved' and data::jsonb->>'approver'='sap{rnd}'")
late_ids=q(f"select data::jsonb->>'approval_id' from journal where kind='approved' and data::jsonb->>'approver'='sap{rnd}' and seq>{rs}").split()
# the agent re-sends each request whose approval got a vote after the revocation: is it released?
byid={a:i for i,(a,_) in enumerate(pend)}; rel=0
for a in late_ids:
    i=byid[int(a)]
    c,d,_=post(URLS[0],'/v1/decide',{"request_id":f"s{rnd}-{i}","action":"payments.send","params":{"amount_eur":1,"payee":f"P{i}"}},{"Authorization":"Bearer "+ag})
    if c==200 and d['verdict']=='permit': rel+=1
print(json.dumps({"round":rnd,"revoke_seq":rs,"answers":codes,"approved_total":tot,"approved_after_revoke":late,"permits_released_by_those_votes":rel}))
