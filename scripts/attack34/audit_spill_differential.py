#!/usr/bin/env python3
"""journal audit, spilled vs in memory: every single-cell edit of every table row (and every row deleted) of a
consistent SQLite database, audited with FOUREYES_AUDIT_GENERATION_BYTES = 0, 1, 300 and unset (8 MiB) and huge.
A tampered table passing under any budget, or budgets disagreeing, is printed.
Usage: FOUREYES_BIN=... audit_spill_differential.py BASE.db WORKDIR"""
import os, shutil, sqlite3, subprocess, sys
F=os.environ["FOUREYES_BIN"]; BASE, W = sys.argv[1], sys.argv[2]; os.makedirs(W, exist_ok=True)
BUDGETS=[None,"0","1","300","18446744073709551615"]
def audit(db, b):
    env=dict(os.environ); env.pop("FOUREYES_AUDIT_GENERATION_BYTES",None)
    if b is not None: env["FOUREYES_AUDIT_GENERATION_BYTES"]=b
    p=subprocess.run([F,"--db",db,"journal","audit"],capture_output=True,text=True,env=env,timeout=60)
    return p.returncode, (p.stdout+p.stderr).strip()
base=[audit(BASE,b) for b in BUDGETS]
print("base:", [r[0] for r in base])
src=sqlite3.connect(BASE); tables=[r[0] for r in src.execute("select name from sqlite_master where type='table' and name not in ('journal','sqlite_sequence')")]
cases=0; passed=[]; disagree=[]
for t in tables:
    cols=[c[1] for c in src.execute(f'pragma table_info("{t}")')]
    rows=[(None,)+tuple(r) for r in src.execute(f'select * from "{t}"').fetchall()]
    for row in rows[:6]:
        edits=[("delete",None)]+[(c,v) for c,v in zip(cols,row[1:])]
        for c,v in edits:
            db=os.path.join(W,"t.db"); shutil.copy(BASE,db); d=sqlite3.connect(db)
            try:
                if c=="delete": d.execute(f'delete from "{t}" where '+' and '.join(f'"{k}" is ?' for k in cols),tuple(row[1:]))
                else:
                    nv = (v+1) if isinstance(v,int) else (None if v is None else (v[:-1]+("0" if v[-1:]!="0" else "1") if v else "x"))
                    if v is None: nv="x"
                    d.execute(f'update "{t}" set "{c}"=? where '+' and '.join(f'"{k}" is ?' for k in cols),(nv,)+tuple(row[1:]))
                d.commit(); d.close()
            except Exception as e: d.close(); continue
            cases+=1; rs=[audit(db,b) for b in BUDGETS]
            rcs=[r[0] for r in rs]
            if any(rc==0 for rc in rcs): passed.append((t,c,str(row[1])[:20],rcs))
            if len(set(rcs))>1 or len(set(r[1] for r in rs))>1: disagree.append((t,c,str(row[1])[:20],rcs,[r[1][:200] for r in rs]))
print("cases:",cases,"passed under some budget:",len(passed),"budgets disagree:",len(disagree))
for p in passed: print(" PASSED", p)
for x in disagree: print(" DISAGREE", x)
