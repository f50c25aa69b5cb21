# make OUT: a hot rollback journal holding pages of another FourEyes database B (made fresh, path B)
import sqlite3, shutil, sys, os, time
B, OUT = sys.argv[1], sys.argv[2]
c = sqlite3.connect(B, isolation_level=None)
c.execute('PRAGMA journal_mode=DELETE')
for (n,) in c.execute("select name from sqlite_master where type='trigger'").fetchall(): c.execute('drop trigger "%s"'%n)
c.execute('PRAGMA cache_size=1'); c.execute('PRAGMA cache_spill=1')
c.execute('BEGIN')
for (t,) in c.execute("select name from sqlite_master where type='table' and name not like 'sqlite_%'").fetchall():
    cols=[r[1] for r in c.execute('pragma table_info("%s")'%t)]
    try: c.execute('UPDATE "%s" SET "%s"="%s"'%(t,cols[0],cols[0]))
    except Exception as e: pass
c.execute('PRAGMA user_version=77')
shutil.copyfile(B+'-journal', OUT)
print('journal', os.path.getsize(OUT))
os._exit(0)   # leave B's own transaction unfinished
