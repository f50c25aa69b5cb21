import sqlite3, json, hashlib, sys
# append forged tool_pinned events (as a database writer, no seal key) with names ADR-406 refuses
db=sys.argv[1]
def canon(o): return json.dumps(o,sort_keys=True,separators=(',',':'),ensure_ascii=False)
c=sqlite3.connect(db)
for server,tool in [("fs","read_file\u200b"),("fs","read_file "),("bank.a","b"),("fs",""),("fs","cafe\u0301"),("fs","read_file\u0000")]:
    seq,ts,prev=c.execute("select seq,ts_ms,hash from journal order by seq desc limit 1").fetchone()
    data={"by":"bot","cause":"first_seen","server":server,"sha256":"ab"*32,"tool":tool}
    seq+=1; ts+=1
    h=hashlib.sha256(canon({'seq':seq,'ts_ms':ts,'kind':'tool_pinned','data':data,'prev_hash':prev}).encode()).hexdigest()
    c.execute("insert into journal(seq,ts_ms,kind,data,prev_hash,hash) values(?,?,?,?,?,?)",(seq,ts,'tool_pinned',canon(data),prev,h))
c.commit()
