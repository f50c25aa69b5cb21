#!/usr/bin/env python3
"""ADR-780: (a) an approval used by a release and serve SIGKILLed before any later write transaction could seal its
row; a writer (no key) then sets the unsealed row back to approved; restart; the agent presents it again.
(b) another store under the SAME seal key: its used approval's row (with its valid seal) copied over this store's row
of the same id (which was rejected), then over a pending one's; restart; release/approve attempts.
usage: FOUREYES_BIN=... python3 appr780.py"""
import json, os, shutil, signal, sqlite3, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
R = "/tmp/attack20-780"; shutil.rmtree(R, ignore_errors=True); os.makedirs(R)
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy20.yaml")
subprocess.run([H.B, "journal", "keygen", "--out", f"{R}/keys"], capture_output=True); P = 18857
def envf(d): return dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{R}/keys/seal.key")
def code(b): return ((b.get("error") or {}).get("code") if isinstance(b, dict) and isinstance(b.get("error"), dict) else "") or ""
def s(tag, st, b): return f"{tag}:{st}:{b.get('verdict', '') if isinstance(b, dict) else ''}:{code(b)}"
def mk(name):
    d = f"{R}/{name}"; os.makedirs(d); e = envf(d)
    ag = H.token(e, "bot", "agent"); ap = H.token(e, "alice", "approver"); p = H.start(e, P, log=f"{d}/serve.log")
    return d, e, ag, ap, p
def dec(ag, rid, amt, **kw): return H.post(P, ag, "/v1/decide", {"request_id": rid, "action": "pay", "params": {"amount_eur": amt}, **kw})
def pays(e):
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], e).stdout or "[]")
    return sorted((x["request_id"], x.get("approval_id")) for x in ds if x["verdict"] == "permit" and x["action"] == "pay")
# (a)
d, e, ag, ap, p = mk("a")
st, p1 = dec(ag, "p1", 5); H.post(P, ap, f"/v1/approvals/{p1['approval_id']}/approve", {"digest": p1["digest"]})
st, r1 = dec(ag, "p1", 5); p.send_signal(signal.SIGKILL); p.wait()
c = sqlite3.connect(f"{d}/t.db"); row = c.execute("select id,status,consumed_by,settled from approvals").fetchall(); print("(a) row after SIGKILL:", row)
c.execute("update approvals set status='approved', consumed_by=NULL, settled=NULL"); c.commit(); c.close()
p = H.start(e, P, log=f"{d}/serve.log"); out = [s("release1", st, r1)]
st, b = dec(ag, "p1x", 5, approval_id=p1["approval_id"]); out.append(s("p1x-same-approval", st, b))
st, b = dec(ag, "p1", 5); out.append(s("p1-again", st, b) + f":{b.get('decision_id')}:{'re' if b.get('replayed') else ''}")
p.send_signal(signal.SIGTERM); p.wait()
print("(a)", " ".join(out), "| RESULT pay permits", pays(e), "| audit", H.sh(["journal", "audit"], e).returncode)
# (b)
dO, eO, agO, apO, p = mk("other")
st, o1 = dec(agO, "o1", 5); H.post(P, apO, f"/v1/approvals/{o1['approval_id']}/approve", {"digest": o1["digest"]}); dec(agO, "o1", 5)
st, o2 = dec(agO, "o2", 6); H.post(P, apO, f"/v1/approvals/{o2['approval_id']}/approve", {"digest": o2["digest"]}); dec(agO, "o2", 6)
H.post(P, agO, "/v1/decide", {"request_id": "o3", "action": "spend", "params": {"amount_eur": 1}})   # a write that seals
p.send_signal(signal.SIGTERM); p.wait()
dV, eV, agV, apV, p = mk("victim")
st, v1 = dec(agV, "v1", 5); H.post(P, apV, f"/v1/approvals/{v1['approval_id']}/reject", {"reason": "no"})
st, v2 = dec(agV, "v2", 6)
H.post(P, agV, "/v1/decide", {"request_id": "v3", "action": "spend", "params": {"amount_eur": 1}})
p.send_signal(signal.SIGTERM); p.wait()
cO = sqlite3.connect(f"{dO}/t.db"); cols = [r[1] for r in cO.execute("pragma table_info(approvals)")]
rows = {r[0]: r for r in cO.execute("select * from approvals")}; cO.close()
cV = sqlite3.connect(f"{dV}/t.db")
print("(b) other store's rows:", [(k, r[cols.index('status')], (r[cols.index('settled')] or '')[:30]) for k, r in rows.items()])
for aid in (1, 2):
    cV.execute("delete from approvals where id=?", (aid,)); cV.execute(f"insert into approvals ({','.join(cols)}) values ({','.join('?' * len(cols))})", rows[aid])
    cV.execute("update approvals set status='approved', consumed_by=NULL where id=?", (aid,))
cV.commit(); cV.close()
p = H.start(eV, P, log=f"{dV}/serve.log"); out = []
st, b = dec(agV, "v1", 5); out.append(s("v1", st, b))
st, b = dec(agV, "v1x", 5, approval_id=1); out.append(s("v1x-appr1", st, b))
st, b = dec(agV, "v2", 6); out.append(s("v2(pending, row now other store's)", st, b))
st, b = dec(agV, "o1", 5, approval_id=1); out.append(s("o1-params-appr1", st, b))
st, b = H.post(P, apV, "/v1/approvals/2/approve", {"digest": v2["digest"]}); out.append(f"approve-2-with-v2-digest:{st}:{code(b)}")
st, b = H.post(P, apV, "/v1/approvals/2/approve", {"digest": o2["digest"]}); out.append(f"approve-2-with-o2-digest:{st}:{code(b)}")
st, b = dec(agV, "v2", 6); out.append(s("v2-again", st, b))
p.send_signal(signal.SIGTERM); p.wait()
print("(b)", " | ".join(out), "\n   RESULT victim pay permits", pays(eV), "| audit", H.sh(["journal", "audit"], eV).returncode)
