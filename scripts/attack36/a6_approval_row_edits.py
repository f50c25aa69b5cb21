# attack36 line 6: a database writer edits the approval rather than the credential: approvals.step_up -> 0,
# approvals.required -> 1, a forged approval_votes row, approvals.status -> 'approved'; while running and before start.
# Also the CLI (`approvals approve --as alice`, the operator) on a step-up approval without a code.
import sys, os, time, shutil, json
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
POL = POLICY + """  payments.two_su:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
    approvals: { required: 2, ttl: 24h, step_up: true }
"""
D = f"/tmp/attack36/a6{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, policy=POL, seal=seal); PORT = 18460 + (1 if seal else 0)
e.token("bot", "agent"); e.token("alice", "approver", totp=True); e.token("erin", "approver", totp=True)
p = e.serve(PORT); U = f"http://127.0.0.1:{PORT}"
def decide(action, params, rid=None):
    r = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": rid or f"{action}-{time.time_ns()}", "action": action, "params": params})
    j = r.json(); j["_status"] = r.status_code; return j
def brief(j): return {k: j.get(k) for k in ("_status", "verdict", "reasons", "error") if k in j}
def show(l, r): print(f"{l}: {str(r)[:330]}", flush=True)
try:
    d1 = decide("payments.send", {"amount_eur": 10, "payee": "X"})
    d2 = decide("payments.two_su", {"amount_eur": 10})
    d3 = decide("payments.two_su", {"amount_eur": 11})
    d4 = decide("payments.send", {"amount_eur": 12, "payee": "X"})
    e.sql("UPDATE approvals SET step_up = 0 WHERE id = ?", (d1["approval_id"],))
    show("running: step_up=0 on row, alice approves w/o code", e.approve(PORT, "alice", d1["approval_id"], d1["digest"], None))
    e.sql("UPDATE approvals SET required = 1 WHERE id = ?", (d2["approval_id"],))
    wait_fresh_step(8)
    show("running: required=1 on row, alice approves", e.approve(PORT, "alice", d2["approval_id"], d2["digest"], code_at(e.secret["alice"], cur_step()))[0])
    show("running: release after required=1", brief(decide("payments.two_su", {"amount_eur": 10}, rid=d2["request_id"])))
    e.sql("INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES (?, 'erin', ?)", (d3["approval_id"], int(time.time() * 1000)))
    e.sql("INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES (?, 'alice', ?)", (d3["approval_id"], int(time.time() * 1000)))
    e.sql("UPDATE approvals SET status = 'approved', decided_by = 'alice' WHERE id = ?", (d3["approval_id"],))
    show("running: forged votes + status approved, release", brief(decide("payments.two_su", {"amount_eur": 11}, rid=d3["request_id"])))
    e.stop(p); p = e.serve(PORT)
    show("restart: step_up=0 row, alice approves w/o code", e.approve(PORT, "alice", d1["approval_id"], d1["digest"], None))
    show("restart: forged votes, release", brief(decide("payments.two_su", {"amount_eur": 11}, rid=d3["request_id"])))
    show("restart: required=1 row, release", brief(decide("payments.two_su", {"amount_eur": 10}, rid=d2["request_id"])))
    show("audit", e.audit())
    e.stop(p)
    r = e.cli("approvals", "approve", str(d4["approval_id"]), "--as", "alice", "--digest", d4["digest"], check=False)
    show("CLI (operator) approves a step-up approval as alice, no code", (r.returncode, r.stdout.strip()[:200], r.stderr.strip()[:200]))
finally:
    e.stop_all()
