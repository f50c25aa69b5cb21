#!/usr/bin/env python3
# a FIFO at a companion's name only in bursts: does any door hang (timeout) or delete/overwrite it?
import os, subprocess, sys, threading, time
F='/work/attack41/foureyes'; W=sys.argv[1]; comp=sys.argv[2]; N=int(sys.argv[3]); door=sys.argv[4:]
os.chdir(W); stop=False
def swapper():
    i=0
    while not stop:
        i+=1
        try: os.mkfifo('A.db-'+comp)
        except OSError: pass
        time.sleep(0.0004*(i%6))
        try: os.unlink('A.db-'+comp)
        except OSError: pass
        time.sleep(0.0003*(i%4))
t=threading.Thread(target=swapper); t.start(); res={}
try:
    for k in range(N):
        try:
            r=subprocess.run([F,'--db','A.db']+door,capture_output=True,text=True,timeout=8); rc=r.returncode
        except subprocess.TimeoutExpired: rc='TIMEOUT'
        res[rc]=res.get(rc,0)+1
        if rc=='TIMEOUT': print('hang at attempt',k); break
finally:
    stop=True; t.join()
print(comp, door, 'results:',res)
