# hold an open read transaction (pins a WAL snapshot so no checkpoint passes it)
import sqlite3,sys,time
c=sqlite3.connect(sys.argv[1],isolation_level=None); c.execute("begin"); print("reader snapshot max seq",c.execute("select max(seq) from journal").fetchall(),flush=True)
time.sleep(float(sys.argv[2]) if len(sys.argv)>2 else 900)
