#!/usr/bin/env python3
import os
# ADR-740: serve WITH the seal key; settled decisions; then a database writer WITHOUT the key edits the rows
# (per variant, on a copy), serve restarts, and the agent retries: same request ids, report again, undo again, re-send
# the approved pay, spend more. Counted: permits per request id, spend vs 1000, undo permits, pay permits.
import sys, os, shutil, json, time, subprocess, signal, sqlite3
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attack18")); import harness as H
B = H.B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes"); R = "/tmp/attack19-740" + ("-nokey" if os.environ.get("NOKEY") else ""); shutil.rmtree(R, ignore_errors=True); os.makedirs(R)
subprocess.run([B, "journal", "keygen", "--out", f"{R}/keys"], capture_output=True)
import urllib.request
_start = H.start
def start2(env, port, extra=None, log="serve.log"):
    p = _start(env, port, extra, log)
    for _ in range(300):
        if p.poll() is not None: return p
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1); return p
        except Exception: time.sleep(0.1)
    return p
H.start = start2
def envf(db):
    e = dict(os.environ, FOUREYES_DB=db, FOUREYES_POLICY=os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy740.yaml"), FOUREYES_SEAL_KEY=f"{R}/keys/seal.key")
    if os.environ.get("NOKEY"): e.pop("FOUREYES_SEAL_KEY")
    return e
base = f"{R}/base"; os.makedirs(base); env = envf(f"{base}/t.db")
agent = H.token(env, "bot", "agent"); appr = H.token(env, "alice", "approver"); P = 18841
p = H.start(env, P, log=f"{base}/serve.log")
def dec(rid, action, params=None): return H.post(P, agent, "/v1/decide", {"request_id": rid, "action": action, "params": params or {}})
def rep(i, o="executed", det=None): return H.post(P, agent, f"/v1/decisions/{i}/report", {"outcome": o, **({"detail": det} if det else {})})
st, f1 = dec("f1", "free"); rep(f1["decision_id"])
for i in range(16): st, b = dec(f"s{i}", "spend", {"amount_eur": 60}); rep(b["decision_id"])
st, t1 = dec("t1", "thermo", {"celsius": 20}); rep(t1["decision_id"], det={"before": {"celsius": 19}})
st, u1 = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u1"}); rep(u1["decision_id"])
st, p1 = dec("p1", "pay", {"amount_eur": 5}); H.post(P, appr, f"/v1/approvals/{p1['approval_id']}/approve", {"digest": p1["digest"]})
st, p1r = dec("p1", "pay", {"amount_eur": 5}); rep(p1r["decision_id"])
print("setup:", f1["verdict"], t1["verdict"], u1.get("verdict"), p1["verdict"], p1r["verdict"])
p.send_signal(signal.SIGTERM); p.wait()
EDITS = {
 "none": [],
 "delete_undo_row": ["delete from decisions where request_id='u1'", "delete from idempotency where request_id='u1'"],
 "delete_undo_row_only": ["delete from decisions where request_id='u1'"],
 "undo_row_to_deny": ["update decisions set verdict='deny' where request_id='u1'"],
 "delete_idempotency": ["delete from idempotency"],
 "delete_settled_rows": ["delete from decisions where request_id in ('f1','u1','p1','s0')", "delete from idempotency where request_id in ('f1','u1','p1','s0')"],
 "delete_reservations": ["delete from reservations"],
 "release_reservations": ["update reservations set released = 1"],
 "approval_unused": ["update approvals set status='approved', consumed_by=NULL"],
 "unsettle": ["update decisions set settled=NULL, status='intended', reported_ms=NULL"],
 "swap_request_ids": ["update decisions set request_id='tmp' where request_id='f1'", "update decisions set request_id='f1' where request_id='s1'", "update decisions set request_id='s1' where request_id='tmp'"],
 "copy_row_as_new": ["insert into decisions (agent,request_id,action,request,verdict,tier,reasons,budgets,approval_id,would_have,digest,status,supersedes,undo_of,decided_ms,reported_ms,report_detail,policy_sha256,journal_seq,settled,session,session_denial) select agent,'f9',action,replace(request,'\"f1\"','\"f9\"'),verdict,tier,reasons,budgets,approval_id,would_have,digest,status,supersedes,undo_of,decided_ms,reported_ms,report_detail,policy_sha256,journal_seq,settled,session,session_denial from decisions where request_id='f1'"],
}
ONLY = sys.argv[1:]
for name, sqls in EDITS.items():
    if ONLY and name not in ONLY: continue
    d = f"{R}/{name}"; shutil.copytree(base, d, ignore=shutil.ignore_patterns("serve.log"))
    c = sqlite3.connect(f"{d}/t.db")
    for s in sqls:
        try: c.execute(s)
        except Exception as e: print("  sql error", name, e)
    c.commit(); c.close()
    e = envf(f"{d}/t.db"); p = H.start(e, P, log=f"{d}/serve.log")
    if p.poll() is not None: print(f"{name}: serve refused to start:", open(f"{d}/serve.log").read().strip().splitlines()[-1][:200]); continue
    out = []
    for rid, a, pr in [("f1", "free", {}), ("s0", "spend", {"amount_eur": 60}), ("s1", "spend", {"amount_eur": 60}), ("f9", "free", {})]:
        st, b = dec(rid, a, pr); out.append(f"{rid}:{st}:{b.get('verdict') if isinstance(b, dict) else b}:{b.get('decision_id') if isinstance(b, dict) else ''}:{'re' if isinstance(b, dict) and b.get('replayed') else ''}{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}")
    st, b = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u1"}); out.append(f"undo-u1:{st}:{b.get('verdict') if isinstance(b, dict) else ''}:{b.get('decision_id') if isinstance(b, dict) else ''}{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}")
    st, b = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u2"}); out.append(f"undo-u2:{st}:{b.get('verdict') if isinstance(b, dict) else ''}{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}")
    st, b = dec("p1", "pay", {"amount_eur": 5}); out.append(f"p1:{st}:{b.get('verdict')}:{b.get('decision_id')}:{(b.get('error') or {}).get('code','') if isinstance(b.get('error'), dict) else ''}")
    st, b = rep(f1["decision_id"], "failed"); out.append(f"report-f1-failed:{st}:{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}")
    for i in range(3): st, b = dec(f"n{i}", "spend", {"amount_eur": 60}); out.append(f"n{i}:{b.get('verdict')}:{(b.get('budgets') or [{}])[0].get('consumed')}")
    p.send_signal(signal.SIGTERM); p.wait()
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], e).stdout or "[]")
    per = {}
    for x in ds:
        if x["verdict"] == "permit": per.setdefault((x["request_id"], x.get("undo_of")), []).append(x["decision_id"])
    spend = sum(60 for x in ds if x["verdict"] == "permit" and x["action"] == "spend")
    undos = sum(1 for x in ds if x["verdict"] == "permit" and x.get("undo_of"))
    pays = sum(1 for x in ds if x["verdict"] == "permit" and x["action"] == "pay")
    a = H.sh(["journal", "audit"], e)
    print(f"{name}: {' '.join(out)}\n   RESULT permits-listed spend {spend}/1000, undo permits {undos}, pay permits {pays}, ids>1 permit {[k for k, v in per.items() if len(v) > 1]}, audit rc {a.returncode} {(a.stdout + a.stderr).strip()[-160:]}", flush=True)
