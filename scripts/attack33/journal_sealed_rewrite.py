#!/usr/bin/env python3
"""Rewrites of a sealed SQLite journal that recompute the public hash chain (hash = sha256 of the canonical
{"data","kind","prev_hash","seq","ts_ms"}) and keep or move seals. Each variant is then run through
`journal verify` (with the seal key) and `journal audit`. Usage: FOUREYES_BIN=... journal_sealed_rewrite.py SEALED.db SEAL_KEY"""
import sqlite3, hashlib, json, shutil, subprocess, sys, os
FE=os.environ['FOUREYES_BIN']; SRC=sys.argv[1]; KEY=sys.argv[2]
def canon(o): return json.dumps(o,separators=(',',':'),sort_keys=True,ensure_ascii=False)
def H(seq,ts,kind,data,prev): return hashlib.sha256(canon({"data":json.loads(data),"kind":kind,"prev_hash":prev,"seq":seq,"ts_ms":ts}).encode()).hexdigest()
def load(db):
    c=sqlite3.connect(db); return [list(r) for r in c.execute('select seq,ts_ms,kind,data,prev_hash,hash,seal from journal order by seq')]
rows=load(SRC)
assert all(H(r[0],r[1],r[2],r[3],r[4])==r[5] for r in rows), "hash rule guess wrong"
def write(db, rows):
    c=sqlite3.connect(db); trg=list(c.execute("select name,sql from sqlite_master where type='trigger'"))
    for n,_ in trg: c.execute('drop trigger '+n)
    c.execute('delete from journal'); prev='0'*64
    for i,r in enumerate(rows):
        r=list(r); r[0]=i+1; r[4]=prev; r[5]=H(r[0],r[1],r[2],r[3],prev); prev=r[5]
        c.execute('insert into journal(seq,ts_ms,kind,data,prev_hash,hash,seal) values (?,?,?,?,?,?,?)', r)
    for _,s in trg: c.execute(s)
    c.commit(); c.close()
def run(name, rows2):
    db=f'/tmp/attack33/seal/v_{name}.db'; shutil.copy(SRC,db); write(db, rows2)
    v=subprocess.run([FE,'--db',db,'--seal-key',KEY,'journal','verify'],capture_output=True,text=True)
    a=subprocess.run([FE,'--db',db,'--seal-key',KEY,'journal','audit'],capture_output=True,text=True)
    lv=(v.stdout+v.stderr).strip().replace('\n',' / ')[:170]; la=(a.stdout+a.stderr).strip().splitlines(); la=(la[-1] if la else '')[:150]
    print(f"{name}: verify={v.returncode} [{lv}] audit={a.returncode} [{la}]")
run('identity', rows)
r=[x[:] for x in rows]; r[6],r[8]=r[8][:],r[6][:]; run('swap_two_decided_with_seals', r)
r=[x[:] for x in rows]; r[6],r[7],r[8],r[9]=r[8][:],r[9][:],r[6][:],r[7][:]; run('swap_two_decision_pairs', r)
r=[x[:] for x in rows]; r[8][6]=r[6][6]; run('seal_pasted_from_other_row', r)
r=[x[:] for x in rows]; r[1][1]+=5; run('ts_changed_keep_seal', r)
r=[x[:] for x in rows]; del r[10]; run('drop_last_executed', r)
r=[x[:] for x in rows]; del r[3]; run('drop_middle_decided', r)
r=[x[:] for x in rows]; r.append(r[2][:]); run('replay_sealed_event_at_end', r)
r=[x[:] for x in rows]; d=json.loads(r[8][3]); d['request']['params']['amount_eur']=20000; r[8][3]=canon(d); run('amount_changed_keep_seal', r)
r=[x[:] for x in rows]; r[10][2]='failed'; run('kind_changed_keep_seal', r)
r=[x[:] for x in rows]; r[10][3]=r[10][3].replace('"executed"','"failed"'); run('outcome_changed_keep_seal', r)
r=[x[:] for x in rows]; r[10][6]=None; run('seal_removed_last', r)
r=[x[:] for x in rows]; r[10][6]=r[10][6].upper(); run('seal_uppercased', r)
r=[x[:] for x in rows]; r[1][3]=r[1][3].replace(',"',', "',1); run('data_whitespace', r)
