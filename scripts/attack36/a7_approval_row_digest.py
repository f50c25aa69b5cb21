# attack36 line 7: a database writer edits what an approver is shown/what a vote is checked against:
# approvals.digest / approvals.request swapped to a harmless request's; approvals.expires_ms extended on an expired one;
# approvals.decision_id pointed at another deferral.
import sys, os, time, shutil, json
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
POL = POLICY.replace("ttl: 24h, step_up: true", "ttl: 24h") + """  payments.short:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 1, ttl: 1s }
"""
D = "/tmp/attack36/a7"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, policy=POL); PORT = 18480
e.token("bot", "agent"); e.token("bob", "approver")
p = e.serve(PORT); U = f"http://127.0.0.1:{PORT}"
def decide(action, params, rid):
    j = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": rid, "action": action, "params": params}).json()
    return j
def brief(j): return {k: j.get(k) for k in ("verdict", "reasons", "error") if k in j}
def show(l, r): print(f"{l}: {str(r)[:300]}", flush=True)
try:
    bad = decide("payments.send", {"amount_eur": 499, "payee": "MALLORY"}, "bad")
    good = decide("payments.send", {"amount_eur": 1, "payee": "ACME"}, "good")
    gr = e.sql("SELECT request, digest FROM approvals WHERE id = ?", (good["approval_id"],))[0]
    e.sql("UPDATE approvals SET request = ?, digest = ? WHERE id = ?", (gr[0], gr[1], bad["approval_id"]))
    card = requests.get(f"{U}/v1/approvals/{bad['approval_id']}", headers=e.h("bob")).json()
    show("card of the bad approval after the swap (digest, altered)", (card.get("digest"), card.get("altered")))
    show("bob approves the bad approval with the digest shown", e.approve(PORT, "bob", bad["approval_id"], card.get("digest"), None))
    show("release of bad", brief(decide("payments.send", {"amount_eur": 499, "payee": "MALLORY"}, "bad")))
    # decision_id repointed
    bad2 = decide("payments.send", {"amount_eur": 498, "payee": "MALLORY"}, "bad2")
    good2 = decide("payments.send", {"amount_eur": 2, "payee": "ACME"}, "good2")
    e.sql("UPDATE approvals SET decision_id = ? WHERE id = ?", (bad2["decision_id"], good2["approval_id"]))
    show("bob approves good2 (row points at bad2's decision)", e.approve(PORT, "bob", good2["approval_id"], good2["digest"], None)[0])
    show("release of bad2", brief(decide("payments.send", {"amount_eur": 498, "payee": "MALLORY"}, "bad2")))
    # expired approval extended
    s = decide("payments.short", {"amount_eur": 3}, "short"); time.sleep(1.5)
    e.sql("UPDATE approvals SET expires_ms = expires_ms + 86400000 WHERE id = ?", (s["approval_id"],))
    show("bob approves an expired approval whose row was extended", e.approve(PORT, "bob", s["approval_id"], s["digest"], None))
    show("audit", e.audit())
finally:
    e.stop_all()
