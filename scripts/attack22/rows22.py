#!/usr/bin/env python3
"""ADR-841 / ADR-850 / ADR-740: a database writer (no key) copies, swaps and deletes whole decision rows and
idempotency rows, the settlement seal included, then retries / undoes through HTTP and the CLI.
Decisions (thermo, tier 1, compensate thermo): A executed before 19, B executed before 18, C reported failed,
D intended (unreported). Expected: every edited row acted on is `record_altered`; no undo of C or D; an undo's
params are the ones reported for its own target; no retry gets a new decision.
usage: FOUREYES_BIN=… [NOKEY=1] python3 rows22.py [edit …]"""
import json, os, shutil, sqlite3, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18966
COLS = ["agent", "request_id", "action", "request", "verdict", "tier", "reasons", "budgets", "approval_id", "would_have", "digest", "status",
        "supersedes", "undo_of", "decided_ms", "reported_ms", "report_detail", "policy_sha256", "journal_seq", "settled", "session", "session_denial"]
def copy_row(c, src, dst, cols=COLS):
    vals = c.execute(f"select {','.join(cols)} from decisions where id=?", (src,)).fetchone()
    c.execute(f"update decisions set {','.join(c2 + '=?' for c2 in cols)} where id=?", (*vals, dst))
def swap(c, a, b):
    va = c.execute(f"select {','.join(COLS)} from decisions where id=?", (a,)).fetchone()
    copy_row(c, b, a); c.execute(f"update decisions set {','.join(c2 + '=?' for c2 in COLS)} where id=?", (*va, b))
REPORT_COLS = ["status", "reported_ms", "report_detail", "settled"]
E = {
  "none": lambda c, ids: None,
  "copy_A_to_B": lambda c, ids: copy_row(c, ids["A"], ids["B"]),
  "copy_A_to_C": lambda c, ids: copy_row(c, ids["A"], ids["C"]),
  "copy_A_to_D": lambda c, ids: copy_row(c, ids["A"], ids["D"]),
  "report_cols_A_to_C": lambda c, ids: copy_row(c, ids["A"], ids["C"], REPORT_COLS),
  "report_cols_A_to_D": lambda c, ids: copy_row(c, ids["A"], ids["D"], REPORT_COLS),
  "report_cols_B_to_A": lambda c, ids: copy_row(c, ids["B"], ids["A"], REPORT_COLS),
  "settled_B_to_A": lambda c, ids: copy_row(c, ids["B"], ids["A"], ["settled"]),
  "swap_A_B": lambda c, ids: swap(c, ids["A"], ids["B"]),
  "swap_A_C": lambda c, ids: swap(c, ids["A"], ids["C"]),
  "swap_ids_A_B": lambda c, ids: [c.execute("update decisions set id=-1 where id=?", (ids["A"],)), c.execute("update decisions set id=? where id=?", (ids["A"], ids["B"])), c.execute("update decisions set id=? where id=-1", (ids["B"],))],
  "del_A_and_idem": lambda c, ids: [c.execute("delete from decisions where id=?", (ids["A"],)), c.execute("delete from idempotency where request_id='a'")],
  "del_D_and_idem": lambda c, ids: [c.execute("delete from decisions where id=?", (ids["D"],)), c.execute("delete from idempotency where request_id='d'")],
  "del_A_only": lambda c, ids: c.execute("delete from decisions where id=?", (ids["A"],)),
  "idem_A_to_B": lambda c, ids: c.execute("update idempotency set decision_id=? where request_id='a'", (ids["B"],)),
  "idem_swap_AB": lambda c, ids: [c.execute("update idempotency set request_id='tmp' where request_id='a'"), c.execute("update idempotency set request_id='a' where request_id='b'"), c.execute("update idempotency set request_id='b' where request_id='tmp'")],
  "idem_fp_A": lambda c, ids: c.execute("update idempotency set fingerprint=(select fingerprint from idempotency where request_id='b') where request_id='a'"),
  "A_reported_null": lambda c, ids: c.execute("update decisions set reported_ms=NULL, report_detail=NULL where id=?", (ids["A"],)),
  "A_detail_settled_null": lambda c, ids: c.execute("update decisions set report_detail='{\"before\":{\"celsius\":17}}', settled=NULL where id=?", (ids["A"],)),
  "A_detail_settled_garbage": lambda c, ids: c.execute("update decisions set report_detail='{\"before\":{\"celsius\":17}}', settled='permit/executed/0/4/00000000000000000000000000000000/00' where id=?", (ids["A"],)),
  "A_detail_settled_from_B": lambda c, ids: [c.execute("update decisions set report_detail=(select report_detail from decisions where id=?), settled=(select settled from decisions where id=?) where id=?", (ids["B"], ids["B"], ids["A"]))],
  "C_status_executed": lambda c, ids: c.execute("update decisions set status='executed', report_detail='{\"before\":{\"celsius\":17}}' where id=?", (ids["C"],)),
}
BODY = {"a": 20, "b": 21, "c": 22, "d": 20}
def one(edit):
    d, env = L.fresh("rows-" + edit)
    agent = L.token(env, "bot", "agent")
    p = L.start(env, P, f"{d}/serve.log"); ids = {}
    for k, before, outcome in (("a", 19, "executed"), ("b", 18, "executed"), ("c", 17, "failed"), ("d", None, None)):
        st, b = L.post(P, agent, "/v1/decide", {"request_id": k, "action": "thermo", "params": {"celsius": BODY[k]}}); ids[k.upper()] = b["decision_id"]
        if outcome: L.post(P, agent, f"/v1/decisions/{b['decision_id']}/report", {"outcome": outcome, "detail": {"before": {"celsius": before}}})
    L.stop(p)
    c = sqlite3.connect(f"{d}/t.db"); E[edit](c, ids); c.commit(); c.close()
    p = L.start(env, P, f"{d}/serve2.log")
    if p.poll() is not None:
        print(f"{edit}: serve does not start: {open(d + '/serve2.log').read().strip()[-200:]}"); return
    out = []; grants = []
    for k in "abcd":
        st, b = L.post(P, agent, "/v1/decide", {"request_id": k, "action": "thermo", "params": {"celsius": BODY[k]}})
        out.append(f"retry {k}: {st} " + (f"{b.get('verdict')} id {b.get('decision_id')} replayed {b.get('replayed')}" if st == 200 else str((b or {}).get('error', {}).get('code') if isinstance(b, dict) else b)))
        if st == 200 and b.get("decision_id") != ids[k.upper()]: grants.append(f"retry {k} answered decision {b.get('decision_id')} (was {ids[k.upper()]})")
    for k in "ABCD":
        st, b = L.post(P, agent, f"/v1/decisions/{ids[k]}/undo", {"request_id": "u" + k})
        txt = f"{b.get('verdict')} params {b.get('params')}" if st == 200 else str((b or {}).get('error', {}).get('code') if isinstance(b, dict) else b)
        out.append(f"undo {k}: {st} {txt}")
        if st == 200 and b.get("verdict") == "permit":
            want = {"A": 19, "B": 18}.get(k)
            if want is None or b["params"].get("celsius") != want: grants.append(f"undo {k} permitted with {b['params']}")
    L.stop(p)
    for k in "ABCD":
        r = L.sh(["undo", "--agent", "bot", str(ids[k]), "--request-id", "cu" + k, "--json"], env)
        try: j = json.loads(r.stdout); txt = f"{j.get('verdict')} {j.get('params')}"
        except Exception: txt = (r.stderr.strip().splitlines() or [""])[-1][:90]
        out.append(f"cli undo {k}: rc {r.returncode} {txt}")
        if r.returncode == 0:
            want = {"A": 19, "B": 18}.get(k)
            if want is None or json.loads(r.stdout)["params"].get("celsius") != want: grants.append(f"cli undo {k} permitted with {json.loads(r.stdout)['params']}")
    a = L.sh(["journal", "audit"], env)
    print(f"{'HOLE' if grants else 'held'} {edit}: {grants or ''}\n    " + "\n    ".join(out) + f"\n    audit rc {a.returncode}", flush=True)
for e in (sys.argv[1:] or list(E)): one(e)
