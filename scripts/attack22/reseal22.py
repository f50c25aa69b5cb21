#!/usr/bin/env python3
"""`journal seal` as a repair: a writer WITHOUT the key appends a forged, correctly chained but unsealed `approved`
vote after the sealed events of a keyed store (and sets the approvals row to match). Keyed doors refuse the store
(the vote carries no seal). What do they tell the operator, and does `journal seal` (with the key) then bless the
forged vote, so that the agent's release of a tier-3 payment no person approved is permitted?
usage: FOUREYES_BIN=… python3 reseal22.py"""
import hashlib, json, os, sqlite3, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
def canon(o): return json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
d, env = L.fresh("reseal")
L.token(env, "bot", "agent"); L.token(env, "alice", "approver")
r = json.loads(L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":400}', "--request-id", "p1", "--json"], env).stdout)
aid = r["approval_id"]; print("pay 400 EUR: defer, approval", aid)
c = sqlite3.connect(f"{d}/t.db")
seq, prev, ts = c.execute("select seq, hash, ts_ms from journal order by seq desc limit 1").fetchone()
data = canon({"approval_id": aid, "approver": "alice", "approvers": ["alice"], "required": 1})
h = hashlib.sha256(('{"data":%s,"kind":"approved","prev_hash":%s,"seq":%d,"ts_ms":%d}' % (data, json.dumps(prev), seq + 1, ts + 5)).encode()).hexdigest()
c.execute("insert into journal(seq, ts_ms, kind, data, prev_hash, hash, seal) values (?,?,?,?,?,?,NULL)", (seq + 1, ts + 5, "approved", data, prev, h))
c.execute("update approvals set status='approved', decided_by='alice' where id=?", (aid,))
c.commit(); c.close()
print("writer: forged unsealed `approved` vote appended at seq", seq + 1)
x = L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":400}', "--request-id", "p2", "--approval", str(aid), "--json"], env)
print("keyed release before any repair: rc", x.returncode, x.stderr.strip()[-250:])
v = L.sh(["journal", "verify"], env); print("keyed verify:", v.returncode, (v.stdout + v.stderr).strip()[-250:])
s = L.sh(["journal", "seal"], env); print("keyed `journal seal`:", s.returncode, (s.stdout + s.stderr).strip()[-300:])
x = L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":400}', "--request-id", "p3", "--approval", str(aid), "--json"], env)
try: j = json.loads(x.stdout); res = f"{j['verdict']} {[q['code'] for q in j.get('reasons', [])]}"
except Exception: res = f"rc {x.returncode} {x.stderr.strip()[-200:]}"
print(f"RESULT: {'HOLE' if x.returncode == 0 else 'held'} release after `journal seal`: {res}")
