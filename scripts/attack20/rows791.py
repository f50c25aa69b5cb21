#!/usr/bin/env python3
"""ADR-791 / ADR-780 / ADR-740: a database writer WITHOUT the seal key edits rows of a keyed SQLite store between
two runs of `serve` (with the key). usage: FOUREYES_BIN=... python3 rows791.py [variant ...] [--witness]
Setup (serve with the key): thermo t1 permit+report, undo u1 permit+report, spend s0..s9 (60 EUR each, 1000/h),
pay p1 defer->approve->release->report (approval consumed), p2 defer->reject, p3 defer->approve (unused),
p4 defer (pending), spend s10 (the newest decision).
Each variant: a copy, the SQL applied with python's sqlite3 (no key), serve restarted, then the agent retries and
acts; printed: what each call answered, new ids vs the deleted ones, permits per request id, spend, verify/audit."""
import sys, os, shutil, json, time, subprocess, signal, sqlite3
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
args = [a for a in sys.argv[1:] if not a.startswith("--")]; WIT = "--witness" in sys.argv
R = "/tmp/attack20-rows" + ("-wit" if WIT else ""); shutil.rmtree(R, ignore_errors=True); os.makedirs(R)
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy20.yaml")
subprocess.run([H.B, "journal", "keygen", "--out", f"{R}/keys"], capture_output=True)
def envf(d):
    e = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{R}/keys/seal.key")
    if WIT: e.update(FOUREYES_WITNESS=f"{d}/witness", FOUREYES_WITNESS_KEY=f"{R}/keys/journal.pub")
    return e
SX = ["--signing-key", f"{R}/keys/journal.key"] if WIT else []
def start(e, d):
    f = open(f"{d}/serve.log", "ab")
    p = subprocess.Popen([H.B, "serve", "--listen", "127.0.0.1:18851"] + SX, env=e, stdout=f, stderr=f)
    for _ in range(300):
        if p.poll() is not None: return p
        try: H.urllib.request.urlopen("http://127.0.0.1:18851/healthz", timeout=1); return p
        except Exception: time.sleep(0.1)
    return p
P = 18851
base = f"{R}/base"; os.makedirs(base); env = envf(base)
tenv = {k: v for k, v in env.items() if not k.startswith("FOUREYES_WITNESS")}
agent = H.token(tenv, "bot", "agent"); appr = H.token(tenv, "alice", "approver")
p = start(env, base)
def dec(rid, action, params=None, **kw): return H.post(P, agent, "/v1/decide", {"request_id": rid, "action": action, "params": params or {}, **kw})
def rep(i, o="executed", det=None): return H.post(P, agent, f"/v1/decisions/{i}/report", {"outcome": o, **({"detail": det} if det else {})})
st, t1 = dec("t1", "thermo", {"celsius": 20}); rep(t1["decision_id"], det={"before": {"celsius": 19}})
st, u1 = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u1"}); rep(u1["decision_id"])
for i in range(10): st, b = dec(f"s{i}", "spend", {"amount_eur": 60}); rep(b["decision_id"])
st, p1 = dec("p1", "pay", {"amount_eur": 5}); H.post(P, appr, f"/v1/approvals/{p1['approval_id']}/approve", {"digest": p1["digest"]})
st, p1r = dec("p1", "pay", {"amount_eur": 5}); rep(p1r["decision_id"])
st, p2 = dec("p2", "pay", {"amount_eur": 6}); H.post(P, appr, f"/v1/approvals/{p2['approval_id']}/reject", {"reason": "no"})
st, p3 = dec("p3", "pay", {"amount_eur": 7}); H.post(P, appr, f"/v1/approvals/{p3['approval_id']}/approve", {"digest": p3["digest"]})
st, p4 = dec("p4", "pay", {"amount_eur": 8})
st, s10 = dec("s10", "spend", {"amount_eur": 60})
A = {k: v["approval_id"] for k, v in (("p1", p1), ("p2", p2), ("p3", p3), ("p4", p4))}
print("setup:", t1["verdict"], u1.get("verdict"), p1r["verdict"], "approvals", A, "s10", s10["verdict"], s10["decision_id"], flush=True)
p.send_signal(signal.SIGTERM); p.wait()
c = sqlite3.connect(f"{base}/t.db"); MAXD = c.execute("select max(id) from decisions").fetchone()[0]
MAXSEQ = c.execute("select max(seq) from journal").fetchone()[0]; S10SEQ = c.execute("select journal_seq from decisions where request_id='s10'").fetchone()[0]; c.close()
print("newest decision", MAXD, "journal head", MAXSEQ, "s10 event", S10SEQ)
a1, a2, a3, a4 = A["p1"], A["p2"], A["p3"], A["p4"]
EDITS = {
 "none": [],
 # ADR-791: the newest rows deleted by hand
 "del_newest_decision": [f"delete from decisions where id={MAXD}", f"delete from idempotency where decision_id={MAXD}", f"delete from reservations where decision_id={MAXD}"],
 "del_newest_decision_keep_idem": [f"delete from decisions where id={MAXD}", f"delete from reservations where decision_id={MAXD}"],
 "del_newest_idem_only": [f"delete from idempotency where decision_id={MAXD}"],
 "del_journal_head_only": [f"delete from journal where seq={MAXSEQ}"],
 "del_newest_all_and_journal_tail": [f"delete from decisions where id={MAXD}", f"delete from idempotency where decision_id={MAXD}", f"delete from reservations where decision_id={MAXD}", f"delete from journal where seq>={S10SEQ}"],
 "del_3_newest_all_and_tail": [f"delete from journal where seq>=(select journal_seq from decisions where id={MAXD - 2})", f"delete from idempotency where decision_id>={MAXD - 2}", f"delete from reservations where decision_id>={MAXD - 2}", f"delete from approvals where decision_id>={MAXD - 2}", f"delete from decisions where id>={MAXD - 2}"],
 # the journal's append-only triggers dropped by the writer, the newest event(s) and their rows deleted, triggers put back
 "trunc_tail_1": ["drop trigger journal_no_delete", f"delete from journal where seq>={S10SEQ}", f"delete from decisions where id={MAXD}", f"delete from idempotency where decision_id={MAXD}", f"delete from reservations where decision_id={MAXD}", "CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END"],
 "trunc_tail_rows_kept": ["drop trigger journal_no_delete", f"delete from journal where seq>={S10SEQ}", "CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END"],
 "del_newest_reservations": [f"delete from reservations where id>=(select max(id)-1 from reservations)"],
 "forge_idem_row_s12": ["insert into idempotency select agent,'s12',fingerprint,decision_id from idempotency where request_id='s5'"],
 "forge_idem_row_s12_fp_of_s10": ["insert into idempotency select agent,'s12',fingerprint,decision_id from idempotency where request_id='s10'"],
 "repoint_idem_s11_free": ["insert into idempotency select agent,'s11',fingerprint,decision_id from idempotency where request_id='s9'"],
 # ADR-780: approval rows
 "appr_used_back_to_approved": [f"update approvals set status='approved', consumed_by=NULL where id={a1}"],
 "appr_used_back_strip_seal": [f"update approvals set status='approved', consumed_by=NULL, settled=NULL where id={a1}"],
 "appr_rejected_to_approved_strip": [f"update approvals set status='approved', decided_by='alice', reject_reason=NULL, settled=NULL where id={a2}"],
 "appr_rejected_gets_used_seal": [f"update approvals set status='approved', reject_reason=NULL, settled=(select settled from approvals where id={a1}) where id={a2}"],
 "appr_swap_ids": [f"update approvals set id=-1 where id={a1}", f"update approvals set id={a1} where id={a2}", f"update approvals set id={a2} where id=-1"],
 "appr_forged_skipped_id": [f"insert into approvals (id,decision_id,request,reasons,digest,required,step_up,acknowledged,status,created_ms,expires_ms,decided_by) select {a4}+7,decision_id,request,reasons,digest,required,step_up,acknowledged,'approved',created_ms,expires_ms+99999999,'alice' from approvals where id={a2}"],
 "appr_pending_to_approved": [f"update approvals set status='approved', decided_by='alice' where id={a4}", f"insert into approval_votes values ({a4}, 'alice', 1)"],
 "appr_del_newest_rewind_seq": [f"delete from approvals where id={a4}", f"update sqlite_sequence set seq={a4 - 1} where name='approvals'"],
 "appr_del_rejected_row": [f"delete from approvals where id={a2}"],
 # ADR-740 R1 (attack 19): a settled undo's row
 "undo_row_to_deny": ["update decisions set verdict='deny' where request_id='u1'"],
 "del_undo_row": ["delete from decisions where request_id='u1'", "delete from idempotency where request_id='u1'"],
}
def code(b):
    if not isinstance(b, dict): return str(b)[:60]
    e = b.get("error"); return (e.get("code") if isinstance(e, dict) else "") or ""
def short(tag, st, b):
    if not isinstance(b, dict): return f"{tag}:{st}:{str(b)[:60]}"
    return f"{tag}:{st}:{b.get('verdict', '')}:{b.get('decision_id', '')}{':re' if b.get('replayed') else ''}{':' + code(b) if code(b) else ''}{':appr' + str(b.get('approval_id')) if b.get('approval_id') else ''}"
for name, sqls in EDITS.items():
    if args and name not in args: continue
    d = f"{R}/{name}"; shutil.copytree(base, d, ignore=shutil.ignore_patterns("serve.log"))
    c = sqlite3.connect(f"{d}/t.db")
    for s in sqls:
        try: c.execute(s)
        except Exception as ex: print("  sql error", name, s, ex)
    c.commit(); c.close()
    e = envf(d); p = start(e, d)
    if p.poll() is not None: print(f"{name}: serve refused to start: {open(d + '/serve.log').read().strip().splitlines()[-1][:250]}", flush=True); continue
    out = []
    st, b = dec("s10", "spend", {"amount_eur": 60}); out.append(short("s10", st, b))
    st, b = dec("s11", "spend", {"amount_eur": 60}); out.append(short("s11", st, b)); s11 = b
    st, b = dec("s12", "spend", {"amount_eur": 60}); out.append(short("s12", st, b))
    st, b = dec("t2", "thermo", {"celsius": 21}); out.append(short("t2", st, b))
    st, b = dec("p1", "pay", {"amount_eur": 5}); out.append(short("p1", st, b))
    st, b = dec("p1x", "pay", {"amount_eur": 5}, approval_id=a1); out.append(short("p1x-appr1", st, b))
    st, b = dec("p2", "pay", {"amount_eur": 6}); out.append(short("p2", st, b))
    st, b = dec("p2x", "pay", {"amount_eur": 6}, approval_id=a2); out.append(short("p2x-appr2", st, b))
    st, b = dec("p3", "pay", {"amount_eur": 7}); out.append(short("p3", st, b))
    st, b = dec("p4", "pay", {"amount_eur": 8}); out.append(short("p4", st, b))
    st, b = dec("p5", "pay", {"amount_eur": 9}); out.append(short("p5", st, b)); p5 = b
    if isinstance(p5, dict) and p5.get("approval_id"):
        st, b = H.post(P, appr, f"/v1/approvals/{p5['approval_id']}/approve", {"digest": p5["digest"]}); out.append(f"approve-p5:{st}:{code(b)}")
        st, b = dec("p4", "pay", {"amount_eur": 8}); out.append(short("p4-again", st, b))
        st, b = dec("p5", "pay", {"amount_eur": 9}); out.append(short("p5-release", st, b))
    st, b = dec("p9", "pay", {"amount_eur": 6}, approval_id=a4 + 7); out.append(short("p9-forged", st, b))
    st, b = H.post(P, appr, f"/v1/approvals/{a1}/approve", {"digest": p1["digest"]}); out.append(f"reapprove-a1:{st}:{code(b)}")
    st, b = H.post(P, appr, f"/v1/approvals/{a2}/approve", {"digest": p2["digest"]}); out.append(f"reapprove-a2:{st}:{code(b)}")
    st, b = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u1"}); out.append(short("undo-u1", st, b))
    st, b = H.post(P, agent, f"/v1/decisions/{t1['decision_id']}/undo", {"request_id": "u2"}); out.append(short("undo-u2", st, b))
    p.send_signal(signal.SIGTERM); p.wait()
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], e).stdout or "[]")
    per = {}; ids = {}
    for x in ds:
        ids.setdefault(x["decision_id"], []).append(x["request_id"])
        if x["verdict"] == "permit": per.setdefault((x["request_id"], x.get("undo_of")), []).append(x["decision_id"])
    spend = sum(60 for x in ds if x["verdict"] == "permit" and x["action"] == "spend")
    undos = sum(1 for x in ds if x["verdict"] == "permit" and x.get("undo_of"))
    pays = sorted(x["request_id"] for x in ds if x["verdict"] == "permit" and x["action"] == "pay")
    cc = sqlite3.connect(f"{d}/t.db"); seqs = [r[0] for r in cc.execute(f"select seq from journal where seq>={S10SEQ} order by seq limit 3")]
    aids = [r[0] for r in cc.execute(f"select id from approvals where id>={a4} order by id")]
    rids = [r for r in cc.execute("select id, decision_id from reservations order by id desc limit 4")]; cc.close()
    print("   reservations (newest):", rids)
    a = H.sh(["journal", "audit"], e); v = H.sh(["journal", "verify"], e)
    print(f"{name}: {' '.join(out)}\n   RESULT spend {spend}/1000, undo permits {undos}, pay permits {pays}, ids>1 permit {[k for k, v in per.items() if len(v) > 1]}, "
          f"decision ids listed twice {[k for k, v in ids.items() if len(v) > 1]}, s11 id {s11.get('decision_id') if isinstance(s11, dict) else None} (deleted newest was {MAXD}), "
          f"journal seqs from {S10SEQ}: {seqs}, approval ids >= {a4}: {aids}, verify {v.returncode} audit {a.returncode} {(a.stdout + a.stderr).strip()[-140:]}", flush=True)
