# attack36 line 5b: does a vote cast before its approver's credential was revoked still count?
# (1) required: 2 — bob votes, bob revoked, carl votes -> approved? released?
# (2) required: 1 — bob approves, bob revoked, agent releases -> permit?
# (3) step-up required: 2 — alice (TOTP) votes, alice revoked, erin votes -> approved?
# Also: admin created without --totp on a step-up approval; another agent releasing an approval by id.
import sys, os, time, shutil, re, json
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
POL = POLICY + """  payments.two:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 2, ttl: 24h }
  payments.one:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 1, ttl: 24h }
  payments.two_su:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 2, ttl: 24h, step_up: true }
"""
D = "/tmp/attack36/a5b"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, policy=POL); PORT = 18450
for n, r in [("bot", "agent"), ("bot2", "agent"), ("bob", "approver"), ("carl", "approver"), ("bob1", "approver"), ("root", "admin")]:
    e.token(n, r)
e.token("alice", "approver", totp=True); e.token("erin", "approver", totp=True)
p = e.serve(PORT); U = f"http://127.0.0.1:{PORT}"
def decide(agent, action, params, rid=None, **kw):
    body = {"request_id": rid or f"{action}-{time.time_ns()}", "action": action, "params": params, **kw}
    r = requests.post(f"{U}/v1/decide", headers=e.h(agent), json=body); j = r.json(); j["_status"] = r.status_code; return j
def brief(j): return {k: j.get(k) for k in ("_status", "verdict", "reasons", "error") if k in j}
def show(l, r): print(f"{l}: {r}", flush=True)
try:
    d = decide("bot", "payments.two", {"amount_eur": 100})
    e.approve(PORT, "bob", d["approval_id"], d["digest"], None); e.cli("token", "revoke", "bob")
    show("(1) carl votes after bob (who voted) was revoked", e.approve(PORT, "carl", d["approval_id"], d["digest"], None)[0])
    show("(1) release", brief(decide("bot", "payments.two", {"amount_eur": 100}, rid=d["request_id"])))
    d = decide("bot", "payments.one", {"amount_eur": 100})
    show("(2) bob1 approves", e.approve(PORT, "bob1", d["approval_id"], d["digest"], None)[0]); e.cli("token", "revoke", "bob1")
    show("(2) release after bob1 revoked", brief(decide("bot", "payments.one", {"amount_eur": 100}, rid=d["request_id"])))
    d = decide("bot", "payments.two_su", {"amount_eur": 100})
    wait_fresh_step(10)
    show("(3) alice votes with TOTP", e.approve(PORT, "alice", d["approval_id"], d["digest"], code_at(e.secret["alice"], cur_step()))[0])
    e.cli("token", "revoke", "alice")
    show("(3) erin votes after alice revoked", e.approve(PORT, "erin", d["approval_id"], d["digest"], code_at(e.secret["erin"], cur_step()))[0])
    show("(3) release", brief(decide("bot", "payments.two_su", {"amount_eur": 100}, rid=d["request_id"])))
    show("(3) approval card", {k: v for k, v in requests.get(f"{U}/v1/approvals/{d['approval_id']}", headers=e.h("root")).json().items() if k in ("status", "approvers", "altered")})
    d = decide("bot", "payments.two_su", {"amount_eur": 7})
    show("admin without TOTP, step-up approval", e.approve(PORT, "root", d["approval_id"], d["digest"], None)[:2])
    show("bot2 releases bot's approval by id", brief(decide("bot2", "payments.two_su", {"amount_eur": 7}, approval_id=d["approval_id"])))
    print("audit:", e.audit())
finally:
    e.stop_all()
