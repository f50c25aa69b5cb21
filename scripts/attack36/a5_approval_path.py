# attack36 line 5: the approval path over HTTP: wrong digest, an agent/executor/runner approving, admin without TOTP on
# a step-up approval, a revoked approver's vote, an approval released for other params / twice / by another agent.
import sys, os, time, shutil, re, json
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
POL = POLICY + """  payments.two:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 2, ttl: 24h }
  payments.two_su:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 2, ttl: 24h, step_up: true }
"""
D = "/tmp/attack36/a5"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, policy=POL); PORT = 18440
for n, r in [("bot", "agent"), ("bot2", "agent"), ("bob", "approver"), ("carl", "approver"), ("dave", "approver"), ("ci", "runner")]:
    e.token(n, r)
e.token("alice", "approver", totp=True); e.token("erin", "approver", totp=True); e.token("frank", "approver", totp=True)
e.tok["botx"] = e.token("botx", "executor").get("token") if False else None
j = json.loads(e.cli("token", "create", "--name", "bot-exec", "--role", "executor", "--for", "bot", "--json").stdout); e.tok["bot-exec"] = j["token"]
p = e.serve(PORT)
adm = re.search(r"admin token[^:]*: (fe_[0-9a-f]+)", open(f"{D}/serve-{PORT}.log").read())
if adm: e.tok["admin"] = adm.group(1)
U = f"http://127.0.0.1:{PORT}"
def decide(agent, action, params, rid=None, **kw):
    body = {"request_id": rid or f"{action}-{time.time_ns()}", "action": action, "params": params, **kw}
    return requests.post(f"{U}/v1/decide", headers=e.h(agent), json=body).json()
def show(l, r): print(f"{l}: {r}", flush=True)
try:
    d = decide("bot", "payments.two", {"amount_eur": 100}); a, g = d["approval_id"], d["digest"]
    other = decide("bot", "payments.two", {"amount_eur": 5})
    show("agent approves", e.approve(PORT, "bot", a, g, None)[:2])
    show("executor approves", e.approve(PORT, "bot-exec", a, g, None)[:2])
    show("runner approves", e.approve(PORT, "ci", a, g, None)[:2])
    show("bob approves with other approval's digest", e.approve(PORT, "bob", a, other["digest"], None)[:2])
    show("bob approves with digest uppercased", e.approve(PORT, "bob", a, g.upper(), None)[:2])
    # revoked approver's vote
    show("bob votes", e.approve(PORT, "bob", a, g, None)[0])
    e.cli("token", "revoke", "bob")
    show("carl votes after bob revoked", e.approve(PORT, "carl", a, g, None)[:2])
    st = requests.get(f"{U}/v1/approvals/{a}", headers=e.h("dave")).json()
    show("approval status after carl (bob revoked)", (st.get("status"), st.get("approvers")))
    rel = decide("bot", "payments.two", {"amount_eur": 100}, rid=d["request_id"])
    show("release after bob revoked", (rel.get("verdict"), rel.get("reasons")))
    # step-up approval: admin without TOTP, approver with totp
    d2 = decide("bot", "payments.two_su", {"amount_eur": 50}); a2, g2 = d2["approval_id"], d2["digest"]
    if "admin" in e.tok: show("admin (no TOTP) approves a step-up approval, no code", e.approve(PORT, "admin", a2, g2, None)[:2])
    show("dave (no TOTP enrolled) approves step-up, no code", e.approve(PORT, "dave", a2, g2, None)[:2])
    wait_fresh_step(10); s = cur_step()
    show("alice approves step-up with erin's code", e.approve(PORT, "alice", a2, g2, code_at(e.secret["erin"], s))[:2])
    show("alice approves step-up", e.approve(PORT, "alice", a2, g2, code_at(e.secret["alice"], s))[0])
    show("alice again (second vote by same person)", e.approve(PORT, "alice", a2, g2, code_at(e.secret["alice"], s + 1))[:2])
    show("frank revoked, then votes", (e.cli("token", "revoke", "frank").returncode, e.approve(PORT, "frank", a2, g2, code_at(e.secret["frank"], s))[:2]))
    # release: other params under the approval id, another agent, twice
    show("release with other params + approval_id", {k: v for k, v in decide("bot", "payments.two_su", {"amount_eur": 499}, approval_id=a2).items() if k in ("verdict", "reasons")})
    show("release by bot2 with approval_id", {k: v for k, v in decide("bot2", "payments.two_su", {"amount_eur": 50}, approval_id=a2).items() if k in ("verdict", "reasons")})
    show("approval status", requests.get(f"{U}/v1/approvals/{a2}", headers=e.h("dave")).json().get("status"))
    show("erin completes 2nd vote", e.approve(PORT, "erin", a2, g2, code_at(e.secret["erin"], cur_step()))[0])
    r1 = decide("bot", "payments.two_su", {"amount_eur": 50}, approval_id=a2)
    r2 = decide("bot", "payments.two_su", {"amount_eur": 50}, approval_id=a2)
    show("release with new rid #1", (r1.get("verdict"), r1.get("replayed"), r1.get("reasons")))
    show("release with new rid #2 (same approval)", (r2.get("verdict"), r2.get("replayed"), r2.get("reasons")))
    r3 = decide("bot", "payments.two_su", {"amount_eur": 50}, rid=d2["request_id"])
    show("release by original rid after consumed", (r3.get("verdict"), r3.get("replayed")))
    print("permits for payments.two_su:", e.sql("SELECT count(*) FROM decisions WHERE verdict='permit' AND json_extract(request,'$.action')='payments.two_su'"))
    print("audit:", e.audit())
finally:
    e.stop_all()
