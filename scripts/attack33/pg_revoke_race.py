#!/usr/bin/env python3
"""Revoke an agent token with the CLI while two `serve` replicas on one PostgreSQL take decides from it.
Counts decided events by that agent journaled after the revocation event (should be 0).
Usage: FOUREYES_BIN=... PG=postgres://... A=http://127.0.0.1:18501 B=http://127.0.0.1:18502 pg_revoke_race.py NAME ROUND"""
import os, sys, json, threading, time, subprocess, urllib.request
FE=os.environ['FOUREYES_BIN']; PG=os.environ['PG']; URLS=[os.environ['A'], os.environ['B']]
name=sys.argv[1]; rnd=sys.argv[2]
tok=subprocess.run([FE,'--db',PG,'token','create','--name',name,'--role','agent'],capture_output=True,text=True).stdout.strip().splitlines()[-1]
stop=time.time()+4.0; ok=[]; lock=threading.Lock(); codes={}
def worker(i):
    n=0
    while time.time()<stop:
        n+=1; u=URLS[i%2]
        body=json.dumps({"request_id":f"{rnd}-{i}-{n}","action":os.environ.get("ACTION","lights.on"),"params":json.loads(os.environ.get("PARAMS",'{"n":1}')) if os.environ.get("PARAMS") else {"n":n}}).encode()
        r=urllib.request.Request(u+"/v1/decide",data=body,headers={"Authorization":"Bearer "+tok})
        try:
            with urllib.request.urlopen(r, timeout=10) as f: d=json.loads(f.read()); c=200
        except urllib.error.HTTPError as e: c=e.code; d=None
        except Exception as e: c=str(type(e).__name__); d=None
        with lock:
            codes[c]=codes.get(c,0)+1
            if c==200: ok.append((time.time(), d['decision_id'], d['verdict']))
ths=[threading.Thread(target=worker,args=(i,)) for i in range(8)]
[t.start() for t in ths]; time.sleep(1.5)
t0=time.time(); rv=subprocess.run([FE,'--db',PG,'token','revoke',name],capture_output=True,text=True); t1=time.time()
[t.join() for t in ths]
after=[x for x in ok if x[0]>t1+0.0]
q=f"""select seq from journal where kind='credential' and data::jsonb->>'name'='{name}' and data::jsonb->>'action'='revoked'"""
def Q(s):
    if PG.startswith('postgres'): return subprocess.run(['psql',PG,'-tAc',s],capture_output=True,text=True).stdout.strip()
    import sqlite3; c=sqlite3.connect(PG); s=s.replace('data::jsonb->>',"json_extract(data,'$.").replace("'name'=","name')=").replace("'action'=","action')=").replace("'approver'=","approver')=").replace("'approval_id'","approval_id')")
    return '\n'.join(' '.join(str(x) for x in r) for r in c.execute(s))
rs=Q(q)
late=Q(f"select count(*) from journal where kind='decided' and data::jsonb->'request'->>'agent'='{name}' and seq > {rs or 0}") if PG.startswith('postgres') else Q(f"select count(*) from journal where kind='decided' and json_extract(data,'$.request.agent')='{name}' and seq > {rs or 0}")
print(json.dumps({"round":rnd,"revoke_rc":rv.returncode,"revoke_out":(rv.stdout+rv.stderr).strip()[:120],"revoke_seq":rs,"answers":codes,
 "permits_answered_after_revoke_returned":len(after),"decided_journaled_after_revoke_event":late}))
