# attack36 HOLE H1 on PostgreSQL (own cluster on 127.0.0.1:5440, database fe): as h1_step_up_row_flag.py.
import sys, os, time, shutil, json, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
URL = os.environ.get("PGURL", "postgres://postgres@127.0.0.1:5440/fe")
subprocess.run(["psql", URL, "-q", "-c", "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"], capture_output=True)
D = f"/tmp/attack36/h1pg{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, seal=seal); e.db = URL; PORT = 18490 + (1 if seal else 0)
def sql(q, args=()):
    for a in args: q = q.replace("?", str(a), 1)
    r = subprocess.run(["psql", URL, "-At", "-c", q], capture_output=True, text=True)
    return r.stdout.strip() + r.stderr.strip()
e.sql = sql
e.token("bot", "agent"); e.token("alice", "approver", totp=True)
p = e.serve(PORT); U = f"http://127.0.0.1:{PORT}"
def show(l, r): print(f"{l}: {str(r)[:300]}", flush=True)
try:
    d = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": "pay", "action": "payments.send", "params": {"amount_eur": 499, "payee": "MALLORY"}}).json()
    a, g = d["approval_id"], d["digest"]
    show("alice without a code (control)", e.approve(PORT, "alice", a, g, None)[0])
    show("UPDATE approvals SET step_up = false", e.sql("UPDATE approvals SET step_up = false WHERE id = ?", (a,)))
    show("alice without a code", e.approve(PORT, "alice", a, g, None))
    e.sql("UPDATE approvals SET step_up = true WHERE id = ?", (a,))
    j = requests.post(f"{U}/v1/decide", headers=e.h("bot"), json={"request_id": "pay", "action": "payments.send", "params": {"amount_eur": 499, "payee": "MALLORY"}}).json()
    show("release", {k: j.get(k) for k in ("verdict", "reasons", "error") if k in j})
    show("audit, verify", e.audit())
finally:
    e.stop_all()
