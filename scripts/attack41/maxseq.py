import sqlite3,sys
p=sys.argv[1]
c=sqlite3.connect('file:%s?immutable=1'%p,uri=True);print('alone', c.execute('select seq,hex(substr(hash,1,6)) from journal order by seq desc limit 1').fetchall() if 0 else c.execute('select max(seq) from journal').fetchall())
c=sqlite3.connect('file:%s?mode=ro'%p,uri=True);print('with-wal', c.execute('select max(seq) from journal').fetchall())
