#!/usr/bin/env python3
"""cases x doors: each run in a fresh dir; record rc, first stderr line, file changes, leaks, time."""
import os, sys, subprocess, shutil, hashlib, socket, time, stat, json
F='/work/attack41/foureyes'
BASE='/tmp/attack41/mx'
SK='/tmp/attack41/sec/sk'
POL='/tmp/attack41/h1/pol.yaml'
def sh(c, **kw): return subprocess.run(c, shell=True, capture_output=True, text=True, **kw)
def prep_base():
    os.makedirs(BASE, exist_ok=True)
    g=BASE+'/good'
    if not os.path.exists(g+'/G.db'):
        os.makedirs(g, exist_ok=True)
        sh(f"cd {g} && {F} --db G.db token create --name bot --role agent && printf BASESECRET | {F} --db G.db secret set base --secrets-key-file {SK}")
        sh(f"cd {g} && FOUREYES_POLICY={POL} {F} --db G.db decide --agent bot --action climate.set_temperature --params '{{\"zone\":\"living\",\"celsius\":21}}' --request-id g1")
        # another FourEyes db for foreign wal / shm
        sh(f"cd {g} && {F} --db O.db token create --name other --role agent")
        # foreign sqlite
        sh(f"cd {g} && sqlite3 X.db 'pragma application_id=12345; create table t(a); insert into t values(1);'")
        # foreign sqlite holding tables named like ours
        sh(f"cd {g} && sqlite3 Y.db 'create table journal(seq integer primary key, data text); create table connector_secrets(name text);'")
        # a hot rollback journal of a foreign db
        code=("import sqlite3,os\nc=sqlite3.connect('H.db',isolation_level=None)\nc.execute('pragma journal_mode=delete')\n"
              "c.execute('create table t(a)')\nc.execute('begin')\nc.executemany('insert into t values(?)',[('x'*500,)]*200)\nc.execute('commit')\n"
              "c.execute('pragma cache_size=1')\nc.execute('begin')\nc.execute(\"update t set a='y'||a\")\nos._exit(0)\n")
        open(g+'/mkhot.py','w').write(code); sh(f"cd {g} && python3 mkhot.py")
    return g
subprocess.run('/work/attack41/scripts/common_setup.sh',shell=True)
G=prep_base()
def cp(src,dst): shutil.copy2(src,dst)
def setup(case, d):
    db=d+'/A.db'
    g=G
    if case=='missing': pass
    elif case=='good': cp(g+'/G.db',db); cp(g+'/G.db.clock',db+'.clock')
    elif case=='directory': os.mkdir(db)
    elif case=='dangling-symlink': os.symlink(d+'/nowhere.db', db)
    elif case=='symlink-to-good': cp(g+'/G.db',d+'/real.db'); os.symlink(d+'/real.db', db)
    elif case=='foreign-sqlite': cp(g+'/X.db',db)
    elif case=='foreign-lookalike': cp(g+'/Y.db',db)
    elif case=='empty-file': open(db,'w').close()
    elif case=='fifo-db': os.mkfifo(db)
    elif case=='socket-db':
        s=socket.socket(socket.AF_UNIX); s.bind(db); s.close()
    elif case=='chardev-db': os.mknod(db, 0o666|stat.S_IFCHR, os.makedev(1,3))
    elif case=='hot-journal':
        cp(g+'/G.db',db); cp(g+'/H.db-journal', db+'-journal')
    elif case=='foreign-db-hot-journal':
        cp(g+'/H.db',db); cp(g+'/H.db-journal', db+'-journal')
    elif case.startswith('fifo-'):  # fifo-wal fifo-shm fifo-journal
        cp(g+'/G.db',db); os.mkfifo(db+'-'+case.split('-')[1])
    elif case.startswith('sock-'):
        cp(g+'/G.db',db); s=socket.socket(socket.AF_UNIX); s.bind(db+'-'+case.split('-')[1]); s.close()
    elif case.startswith('dir-'):
        cp(g+'/G.db',db); os.mkdir(db+'-'+case.split('-')[1])
    elif case.startswith('dangling-'):
        cp(g+'/G.db',db); os.symlink(d+'/nowhere', db+'-'+case.split('-')[1])
    elif case.startswith('chardev-'):
        cp(g+'/G.db',db); os.mknod(db+'-'+case.split('-')[1], 0o666|stat.S_IFCHR, os.makedev(1,3))
    elif case=='shm-garbage':
        cp(g+'/G.db',db); open(db+'-shm','wb').write(os.urandom(32768))
    elif case=='shm-short':
        cp(g+'/G.db',db); open(db+'-shm','wb').write(b'\x01'*100)
    elif case=='shm-zero-wal-empty':
        cp(g+'/G.db',db); open(db+'-shm','wb').write(b'\0'*32768); open(db+'-wal','wb').close()
    elif case=='shm-of-other-db':
        # a live -shm of O.db, captured while a reader holds it
        cp(g+'/G.db',db)
        p=subprocess.Popen(['python3','/work/attack41/scripts/reader.py',g+'/O.db','5'],stdout=subprocess.PIPE); p.stdout.readline()
        cp(g+'/O.db-shm', db+'-shm'); cp(g+'/O.db-wal', db+'-wal'); p.kill(); p.wait()
    elif case=='shm-garbage-with-wal':
        cp(g+'/G.db',db); open(db+'-wal','wb').close(); open(db+'-shm','wb').write(os.urandom(32768))
    else: raise SystemExit('unknown case '+case)
def snap(d):
    r={}
    for n in sorted(os.listdir(d)):
        p=d+'/'+n
        try:
            st=os.lstat(p)
            if stat.S_ISREG(st.st_mode): r[n]=(st.st_size, hashlib.sha256(open(p,'rb').read()).hexdigest()[:10], int(st.st_mtime_ns))
            else: r[n]=(stat.filemode(st.st_mode),)
        except Exception as e: r[n]=('?',str(e))
    return r
DOORS={
 'secret-set': f"printf 'LEAKME-VALUE-42' | {F} --db A.db secret set s1 --as ops --secrets-key-file {SK}",
 'secret-list': f"{F} --db A.db secret list --secrets-key-file {SK}",
 'secret-list-json': f"{F} --db A.db secret list --json --secrets-key-file {SK}",
 'verify': f"{F} --db A.db journal verify",
 'decisions-list': f"{F} --db A.db decisions list",
 'ks-status': f"{F} --db A.db kill-switch status",
 'task-status': f"{F} --db A.db task status --task 1",
 'token-create': f"{F} --db A.db token create --name n1 --role agent",
 'ks-on': f"{F} --db A.db kill-switch on",
 'execute': f"{F} --db A.db --policy /tmp/attack41/ex/p.yaml execute --agent bot --action reports.archive --params '{{\"name\":\"plain\"}}' --request-id ex1 --secrets-key-file {SK}",
}
def run(case, door, out):
    d=f"{BASE}/r-{case}-{door}"
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    setup(case,d)
    before=snap(d)
    t=time.time()
    try:
        p=subprocess.run(DOORS[door], shell=True, cwd=d, capture_output=True, text=True, timeout=15, env=dict(os.environ, FOUREYES_POLICY=POL))
        rc=p.returncode; so=p.stdout; se=p.stderr
    except subprocess.TimeoutExpired as e:
        rc='TIMEOUT'; so=str(e.stdout); se=str(e.stderr)
    dt=time.time()-t
    after=snap(d)
    ch=[]
    for k in sorted(set(before)|set(after)):
        if k.endswith('.clock'): continue
        b=before.get(k); a=after.get(k)
        if b!=a:
            if b is None: ch.append('+'+k)
            elif a is None: ch.append('-'+k)
            elif len(a)==3 and len(b)==3 and a[1]==b[1]: ch.append('~mtime:'+k)
            else: ch.append('~'+k)
    leak='LEAK' if ('LEAKME' in so or 'LEAKME' in se or 'BASESECRET' in so or 'BASESECRET' in se) else ''
    msg=(se.strip().splitlines() or [''])[0][:230]
    line=f"{case:24} {door:16} rc={rc} {dt:4.1f}s changes={' '.join(ch) or '-'} {leak} | {msg}"
    print(line, flush=True); out.write(line+'\n')
if __name__=='__main__':
    cases=sys.argv[1].split(','); doors=sys.argv[2].split(',') if len(sys.argv)>2 else list(DOORS)
    with open(BASE+'/results.txt','a') as out:
        for c in cases:
            for dr in doors: run(c,dr,out)
