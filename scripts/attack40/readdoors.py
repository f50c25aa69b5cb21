#!/usr/bin/env python3
# usage: readdoors.py SCENARIO_DIR DBPATH [user]  -- runs every read door on DBPATH, reports any file change under SCENARIO_DIR
import os, sys, hashlib, subprocess, stat
F=os.environ.get('F', 'foureyes'); P=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pol.yaml')
root, db = sys.argv[1], sys.argv[2]
user = sys.argv[3] if len(sys.argv)>3 else None
DOORS = [['journal','verify'],['journal','audit'],['journal','export','-'],['journal','tail'],['journal','prove','1'],
 ['decisions','list'],['decisions','show','1'],['approvals','list'],['approvals','list','--status','all'],['approvals','show','1'],['sessions','list'],['sessions','list','--all'],
 ['token','list'],['mcp','pins','list'],['mcp','pins','list','--json'],['kill-switch','status'],['--policy',P,'unconfirmed'],
 ['--policy',P,'policy','diff',P,P,'--replay','5'],['task','status','--task','1'],['secret','list','--secrets-key-file','/tmp/attack40/keys/sk.txt']]
def snap():
    out={}
    for dp, dns, fns in os.walk(root):
        for n in dns+fns:
            p=os.path.join(dp,n); st=os.lstat(p)
            h=''
            if stat.S_ISREG(st.st_mode):
                try: h=hashlib.sha256(open(p,'rb').read()).hexdigest()[:12]
                except Exception as e: h='ERR'
            out[p]=(stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns, st.st_mode&0o7777, h)
    return out
for d in DOORS:
    if d[0]=='--policy': args=[F,'--db',db]+d
    else: args=[F,'--db',db]+d
    if user: args=['setpriv','--reuid',user,'--regid','nogroup','--clear-groups']+args
    b=snap()
    try:
        r=subprocess.run(args,capture_output=True,timeout=15); rc=r.returncode; msg=(r.stderr or r.stdout).decode(errors='replace').strip().splitlines()
        msg=msg[0][:150] if msg else ''
    except subprocess.TimeoutExpired: rc='TIMEOUT'; msg=''
    a=snap()
    ch=[]
    for p in sorted(set(a)|set(b)):
        if p not in b: ch.append('+'+os.path.basename(p)+(' size=%d'%a[p][1]))
        elif p not in a: ch.append('-'+os.path.basename(p))
        elif a[p]!=b[p]:
            ch.append('~'+os.path.basename(p)+('(content)' if a[p][4]!=b[p][4] or a[p][1]!=b[p][1] else '(mtime)' if a[p][2]!=b[p][2] else '(mode)'))
    print('%-28s rc=%-4s %-60s %s' % (' '.join(x for x in d if x!=P and x!='--policy'), rc, ' '.join(ch) if ch else 'unchanged', msg[:110]))
