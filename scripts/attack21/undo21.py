#!/usr/bin/env python3
"""ADR-368 variants: a settled (or in-flight) undo's rows edited by a database writer without the key; restart with
the key (default), or NOKEY=1 (store never keyed), or RESTART_NOKEY=1 (keyed store, door restarted without the key).
Then a second undo of the same target through HTTP and through the CLI door. Counted: undo permits per target.
usage: FOUREYES_BIN=... python3 undo21.py [variant ...]"""
import json, os, shutil, signal, sqlite3, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18953
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy740.yaml")
R = "/tmp/attack21-undo" + ("-nokey" if os.environ.get("NOKEY") else "") + ("-rnokey" if os.environ.get("RESTART_NOKEY") else "")
shutil.rmtree(R, ignore_errors=True); os.makedirs(R)
subprocess.run([B, "journal", "keygen", "--out", f"{R}/keys"], capture_output=True)
def envf(db, key=True):
    e = dict(os.environ, FOUREYES_DB=db, FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{R}/keys/seal.key")
    if os.environ.get("NOKEY") or not key: e.pop("FOUREYES_SEAL_KEY")
    return e
base = f"{R}/base"; os.makedirs(base); env = envf(f"{base}/t.db")
agent = H.token(env, "bot", "agent")
p = H.start(env, P, log=f"{base}/serve.log")
def dec(rid, a="thermo", pr=None): return H.post(P, agent, "/v1/decide", {"request_id": rid, "action": a, "params": pr or {"celsius": 20}})
def rep(i, o="executed", det=None): return H.post(P, agent, f"/v1/decisions/{i}/report", {"outcome": o, **({"detail": det} if det else {})})
T = {}
for k in ["t1", "t2", "t3", "t4"]:
    st, b = dec(k); T[k] = b["decision_id"]; rep(T[k], det={"before": {"celsius": 19}})
for i in range(5): st, b = dec(f"f{i}", "free", {}); rep(b["decision_id"])
st, u1 = H.post(P, agent, f"/v1/decisions/{T['t1']}/undo", {"request_id": "u1"}); rep(u1["decision_id"])   # settled undo
st, u3 = H.post(P, agent, f"/v1/decisions/{T['t3']}/undo", {"request_id": "u3"})                            # undo in flight (intended)
st, u4 = H.post(P, agent, f"/v1/decisions/{T['t4']}/undo", {"request_id": "u4"}); rep(u4["decision_id"], "unknown")  # undo unknown
for i in range(5, 10): st, b = dec(f"f{i}", "free", {}); rep(b["decision_id"])
print("setup: t", T, "u1", u1.get("verdict"), u1.get("decision_id"), "u3", u3.get("verdict"), u3.get("decision_id"), "u4", u4.get("verdict"), u4.get("decision_id"), flush=True)
p.send_signal(signal.SIGTERM); p.wait()
U1, U3, U4 = u1["decision_id"], u3["decision_id"], u4["decision_id"]
COLS = "agent,request_id,action,request,verdict,tier,reasons,budgets,approval_id,would_have,digest,status,supersedes,undo_of,decided_ms,reported_ms,report_detail,policy_sha256,journal_seq,settled,session,session_denial"
EDITS = {
 "none": [],
 "u1_target_to_t2": [f"update decisions set undo_of={T['t2']} where id={U1}"],
 "u1_target_null": [f"update decisions set undo_of=NULL where id={U1}"],
 "u1_status_failed": [f"update decisions set status='failed' where id={U1}"],
 "u1_status_superseded": [f"update decisions set status='superseded' where id={U1}"],
 "u1_report_edit": [f"update decisions set report_detail='{{\"x\":1}}' where id={U1}", f"update decisions set report_detail=NULL where id={T['t1']}"],
 "u1_deleted_reinserted": [f"create temp table k as select {COLS} from decisions where id={U1}", f"delete from decisions where id={U1}", f"insert into decisions ({COLS}) select {COLS} from k"],
 "u1_copied_onto_t2": [f"insert into decisions ({COLS}) select agent,'u1x',action,request,verdict,tier,reasons,budgets,approval_id,would_have,digest,status,supersedes,{T['t2']},decided_ms,reported_ms,report_detail,policy_sha256,journal_seq,settled,session,session_denial from decisions where id={U1}", f"update decisions set verdict='deny' where id={U1}"],
 "u1_swapped_with_f9": [f"update decisions set undo_of={T['t1']}, verdict='permit' where request_id='f9'", f"update decisions set undo_of=NULL where id={U1}"],
 "u3_inflight_to_failed": [f"update decisions set status='failed' where id={U3}"],
 "u3_inflight_deleted": [f"delete from decisions where id={U3}"],
 "u4_unknown_to_failed": [f"update decisions set status='failed' where id={U4}"],
 "t1_status_intended": [f"update decisions set status='intended', settled=NULL where id={T['t1']}", f"update decisions set verdict='deny' where id={U1}"],
 "t2_before_edited": [f"update decisions set report_detail='{{\"before\":{{\"celsius\":17}}}}' where id={T['t2']}"],
 "t2_before_edited_unsettled": [f"update decisions set report_detail='{{\"before\":{{\"celsius\":17}}}}', settled=NULL where id={T['t2']}"],
 "all_undo_rows_deleted": [f"delete from decisions where undo_of is not null", "delete from idempotency where request_id like 'u%'"],
}
only = sys.argv[1:]
for name, sqls in EDITS.items():
    if only and name not in only: continue
    d = f"{R}/{name}"; shutil.copytree(base, d, ignore=shutil.ignore_patterns("serve.log"))
    c = sqlite3.connect(f"{d}/t.db")
    for s in sqls:
        try: c.execute(s)
        except Exception as e: print("  sql error", name, s[:60], e)
    c.commit(); c.close()
    e = envf(f"{d}/t.db", key=not os.environ.get("RESTART_NOKEY")); p = H.start(e, P, log=f"{d}/serve.log")
    out = []
    if p.poll() is not None:
        out.append("serve refused to start: " + open(f"{d}/serve.log").read().strip().splitlines()[-1][:150])
    else:
        for tk, rid in [("t1", "v1"), ("t2", "v2"), ("t3", "v3"), ("t4", "v4")]:
            st, b = H.post(P, agent, f"/v1/decisions/{T[tk]}/undo", {"request_id": rid})
            if tk == "t2" and isinstance(b, dict) and b.get("verdict") == "permit": out.append(f"t2-undo-params:{b.get('request', {}).get('params') or b.get('params')}")
            out.append(f"{tk}-undo:{st}:{b.get('verdict') if isinstance(b, dict) else ''}{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}{[r['code'] for r in b.get('reasons', [])] if isinstance(b, dict) and b.get('reasons') else ''}")
        st, b = rep(U3, "failed"); out.append(f"u3-report-failed:{st}")
        st, b = H.post(P, agent, f"/v1/decisions/{T['t3']}/undo", {"request_id": "v3b"}); out.append(f"t3-undo-after-u3-failed:{st}:{b.get('verdict') if isinstance(b, dict) else ''}{(b.get('error') or {}).get('code','') if isinstance(b, dict) and isinstance(b.get('error'), dict) else ''}")
        p.send_signal(signal.SIGTERM); p.wait()
    for tk in ["t1", "t2", "t4"]:
        r = subprocess.run([B, "undo", str(T[tk]), "--agent", "bot", "--request-id", f"c{tk}", "--json"], env=e, capture_output=True, text=True)
        out.append(f"cli-undo-{tk}:rc{r.returncode}:{(r.stdout + r.stderr).strip()[:70]!r}")
    ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], e).stdout or "[]")
    per = {}
    for x in ds:
        if x["verdict"] == "permit" and x.get("undo_of"): per.setdefault(x["undo_of"], []).append((x["decision_id"], x.get("status")))
    a = H.sh(["journal", "audit"], e)
    # t3: u3 is reported failed by the agent in-test, so a second undo of t3 is legitimate
    dbl = {k: v for k, v in per.items() if len(v) > 1 and k != T["t3"]}
    print(f"{name}: {' '.join(out)}\n   RESULT undo permits per target {per}; targets undone twice (excl. t3) {dbl or 'none'}; audit rc {a.returncode}", flush=True)
