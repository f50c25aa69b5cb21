import sqlite3,hashlib,json,sys
db=sys.argv[1]
c=sqlite3.connect(db)
def cj(o): return json.dumps(o,sort_keys=True,separators=(',',':'),ensure_ascii=False)
names=[('t1','read_fiIe'),('t36','rn'),('t40','re\u0430d_file'),('t40','\uff52ead_file'),('t40','a'*129),('t40','..'),('t40','x.'),('t40','read_f\u0131le'),
       ('t40','read\u2024file'),('t40','\ufb01le'),('t40','READ_FILE'),('t40','read_file'),('t40','read_fi1e'),('t40','read_fiIe'),('t4.0','x'),('t40','r\\u{430}ad')]
for s,t in names:
    seq,ts,prev=c.execute('select seq,ts_ms,hash from journal order by seq desc limit 1').fetchone()
    d={'by':'forger','cause':'first_seen','server':s,'sha256':hashlib.sha256(t.encode()).hexdigest(),'tool':t}
    h=hashlib.sha256(cj({'seq':seq+1,'ts_ms':ts+1,'kind':'tool_pinned','data':d,'prev_hash':prev}).encode()).hexdigest()
    c.execute('insert into journal(seq,ts_ms,kind,data,prev_hash,hash) values(?,?,?,?,?,?)',(seq+1,ts+1,'tool_pinned',cj(d),prev,h))
c.commit()
