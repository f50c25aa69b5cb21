#!/usr/bin/env python3
"""ADR-780 on EXPIRED and SUPERSEDED approvals (ttl 2 s): p1 deferred, left to expire, re-sent (a new deferral);
a writer (no key) then edits the expired approval's row (status approved, expiry +1 day, a vote, seal stripped or
kept); restart; the agent re-sends p1 and presents the old approval id; an approver votes on the old id.
usage: FOUREYES_BIN=... python3 appr_expired.py"""
import json, os, shutil, signal, sqlite3, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
R = "/tmp/attack20-exp"; shutil.rmtree(R, ignore_errors=True); os.makedirs(R); P = 18925
subprocess.run([H.B, "journal", "keygen", "--out", f"{R}/keys"], capture_output=True)
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_ttl.yaml")
def envf(d): return dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{R}/keys/seal.key")
base = f"{R}/base"; os.makedirs(base); e = envf(base); ag = H.token(e, "bot", "agent"); ap = H.token(e, "alice", "approver")
p = H.start(e, P, log=f"{base}/serve.log")
def dec(rid, **kw): return H.post(P, ag, "/v1/decide", {"request_id": rid, "action": "pay", "params": {"amount_eur": 5}, **kw})
def code(b): return ((b.get("error") or {}).get("code") if isinstance(b, dict) and isinstance(b.get("error"), dict) else "") or ""
st, p1 = dec("p1"); time.sleep(3)
st, a = H.post(P, ap, f"/v1/approvals/{p1['approval_id']}/approve", {"digest": p1["digest"]}); print("approve after expiry:", st, code(a))
st, p1b = dec("p1"); print("p1 re-sent after expiry:", st, p1b.get("verdict"), "approval", p1b.get("approval_id"), [r["code"] for r in p1b.get("reasons", [])])
st, q = dec("q1")   # one more write so settled rows get sealed
p.send_signal(signal.SIGTERM); p.wait()
c = sqlite3.connect(f"{base}/t.db"); print("rows:", [(r[0], r[1], (r[2] or "")[:70]) for r in c.execute("select id,status,settled from approvals")]); c.close()
A1 = p1["approval_id"]
EDITS = {"none": [],
 "expired_to_approved_keep_seal": [f"update approvals set status='approved', decided_by='alice', expires_ms=expires_ms+86400000 where id={A1}", f"insert into approval_votes values ({A1},'alice',1)"],
 "expired_to_approved_strip_seal": [f"update approvals set status='approved', decided_by='alice', expires_ms=expires_ms+86400000, settled=NULL where id={A1}", f"insert into approval_votes values ({A1},'alice',1)"],
 "expired_to_pending_strip_seal": [f"update approvals set status='pending', expires_ms=expires_ms+86400000, settled=NULL where id={A1}"],
}
for name, sqls in EDITS.items():
    d = f"{R}/{name}"; shutil.copytree(base, d, ignore=shutil.ignore_patterns("serve.log")); c = sqlite3.connect(f"{d}/t.db")
    for s in sqls: c.execute(s)
    c.commit(); c.close(); e = envf(d); p = H.start(e, P, log=f"{d}/serve.log"); out = []
    st, b = H.post(P, ap, f"/v1/approvals/{A1}/approve", {"digest": p1["digest"]}); out.append(f"vote-old:{st}:{code(b)}")
    st, b = dec("p1"); out.append(f"p1:{st}:{b.get('verdict')}:{code(b)}")
    st, b = dec("p1z", approval_id=A1); out.append(f"p1z-old-approval:{st}:{b.get('verdict')}:{code(b)}")
    p.send_signal(signal.SIGTERM); p.wait()
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], e).stdout or "[]")
    print(f"{name}: {' '.join(out)} | RESULT pay permits {sum(1 for x in ds if x['verdict'] == 'permit')}")
