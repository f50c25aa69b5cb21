# special files at the db's companion names; run a read door, a write door and secret list with a timeout
import os, socket, subprocess, shutil, stat
F=os.environ.get('F', 'foureyes'); P=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pol.yaml')
def mk(kind, name):
    if kind=='fifo': os.mkfifo(name)
    elif kind=='sock': s=socket.socket(socket.AF_UNIX); s.bind(name); return s
    elif kind=='dir': os.mkdir(name)
    elif kind=='devnull': os.symlink('/dev/null', name)
    elif kind=='devzero': os.symlink('/dev/zero', name)
    elif kind=='chr': os.mknod(name, 0o644|stat.S_IFCHR, os.makedev(1,3))
    elif kind=='selflink': os.symlink(os.path.basename(name), name)
doors=[['journal','verify'],['token','list'],['secret','list','--secrets-key-file','/tmp/attack40/keys/sk.txt'],['kill-switch','on'],['task','status','--task','1']]
for comp in ['-wal','-shm','-journal','']:
    for kind in ['fifo','sock','dir','devnull','devzero','chr','selflink']:
        for d in doors:
            shutil.rmtree('cp',ignore_errors=True); os.mkdir('cp')
            if comp!='': shutil.copy('base.db','cp/x.db')
            keep=mk(kind,'cp/x.db'+comp)
            try:
                r=subprocess.run([F,'--db','cp/x.db']+d,capture_output=True,timeout=10); rc=r.returncode; m=(r.stderr or r.stdout).decode(errors='replace').strip().split('\n')[0][:120]
            except subprocess.TimeoutExpired: rc='HANG'; m=''
            still=stat.filemode(os.lstat('cp/x.db'+comp).st_mode)[0] if os.path.lexists('cp/x.db'+comp) else 'GONE'
            print('%-9s %-8s %-14s rc=%-4s %s | %s' % (comp or 'db', kind, ' '.join(d[:2]), rc, still, m))
