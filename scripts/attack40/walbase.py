# make DST (+ -wal with committed frames) from a fresh base: hold a reader so the writer can't checkpoint on close
import sqlite3, subprocess, shutil, sys, os
src, dst = sys.argv[1], sys.argv[2]
F=os.environ.get('F', 'foureyes'); P=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pol.yaml')
c = sqlite3.connect(src); c.execute('BEGIN'); c.execute('select count(*) from journal').fetchall()
subprocess.run([F,'--db',src,'--policy',P,'decide','--agent','bot','--action','lights.set','--params','{"on":false}'],capture_output=True)
subprocess.run([F,'--db',src,'token','create','--name','w'+str(os.getpid()),'--role','agent'],capture_output=True)
for s in ['','-wal','-shm']:
    if os.path.exists(src+s): shutil.copy2(src+s, dst+s)
shutil.copy2(src+'.clock', dst+'.clock')
c.close()
