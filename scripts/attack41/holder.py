import sqlite3,sys,time
c=sqlite3.connect(sys.argv[1]); c.execute("select count(*) from sqlite_master").fetchall()
print("holding",sys.argv[1],flush=True)
time.sleep(float(sys.argv[2]) if len(sys.argv)>2 else 900)
