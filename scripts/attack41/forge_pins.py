#!/usr/bin/env python3
# append tool_pinned events with recomputed hashes (a database writer without the seal key)
import sqlite3, hashlib, json, sys, time
db=sys.argv[1]; pins=json.loads(sys.argv[2])   # [[server, tool, sha256], ...]
c=sqlite3.connect(db)
def canon(o): return json.dumps(o, sort_keys=True, separators=(',',':'), ensure_ascii=False)
for server, tool, sha in pins:
    seq, ts, prev = c.execute('select seq, ts_ms, hash from journal order by seq desc limit 1').fetchone()
    data={"by":"forger","cause":"first_seen","server":server,"sha256":sha,"tool":tool}
    ev={"data":data,"kind":"tool_pinned","prev_hash":prev,"seq":seq+1,"ts_ms":ts+1}
    h=hashlib.sha256(canon(ev).encode()).hexdigest()
    c.execute('insert into journal(seq,ts_ms,kind,data,prev_hash,hash) values(?,?,?,?,?,?)',(seq+1,ts+1,'tool_pinned',canon(data),prev,h))
    print('forged seq',seq+1,json.dumps([server,tool],ensure_ascii=True))
c.commit()
