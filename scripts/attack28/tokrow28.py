"""A database writer mints an approver: an agent token's row given role `approver` (or `admin`); a row copied in from
another store; a revoked approver's `revoked_ms` cleared; a console session row inserted. Then that credential approves
the agent's deferral. usage: tokrow28.py [seal]   needs: write access to the database file (no keys)"""
import sys, os, time, json, sqlite3, hashlib, secrets as pysecrets
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
d = fresh("tokrow"); db = d + "/fe.db"; other = d + "/other.db"
extra = []
if seal:
    sh(["journal", "keygen", "--out", d + "/keys"], check=True); extra = ["--seal-key", d + "/keys/seal.key"]
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  x.do:\n    tier: 3\n    approvals: { required: 1, ttl: 1h }\n    params: { a: { type: string } }\n")
def tk(dbp, name, role):
    return json.loads(sh(extra + ["token", "create", "--db", dbp, "--name", name, "--role", role, "--json"], check=True).stdout)["token"]
agent = tk(db, "bot", "agent"); agent2 = tk(db, "helper", "agent")
appr = tk(db, "alice", "approver")
old_appr = tk(db, "olda", "approver")
r = sh(extra + ["token", "revoke", "olda", "--db", db]); print("revoke olda:", r.returncode, (r.stdout + r.stderr).strip()[:100])
mal = tk(other, "mallory", "approver")
s = Serve(d, pol, extra)
def defer(i):
    r = call(s.url("/v1/decide"), agent, {"request_id": f"d{i}", "action": "x.do", "params": {"a": str(i)}})
    aid = r[1]["approval_id"]; dig = call(s.url(f"/v1/approvals/{aid}"), appr)[1]["digest"]; return aid, dig
def edit(sql, args=()):
    c = sqlite3.connect(db); c.execute(sql, args); c.commit(); c.close()
res = {}
def attempt(label, tok, restart=False):
    global s
    if restart: s.kill(signal.SIGTERM); s = Serve(d, pol, extra)
    try: aid, dig = defer(len(res))
    except Exception as e: res[label] = 0; print(f"{label:44s} the agent's decide refused (its row altered): {e!r}"[:200]); return
    st = call(s.url(f"/v1/approvals/{aid}/approve"), tok, {"digest": dig})
    res[label] = st[0]
    print(f"{label:44s} approve -> {st[0]} {str(st[1])[:140]}")
edit("update tokens set role='approver' where name='helper'")
attempt("agent 'helper' row role->approver (live)", agent2)
attempt("agent 'helper' row role->approver (restart)", agent2, True)
c = sqlite3.connect(other); row = c.execute("select * from tokens where name='mallory'").fetchone(); cols = [x[1] for x in c.execute("pragma table_info(tokens)")]; c.close()
edit(f"insert into tokens ({','.join(cols)}) values ({','.join('?' * len(cols))})", row)
attempt("row copied from another store (live)", mal)
attempt("row copied from another store (restart)", mal, True)
edit("update tokens set revoked_ms=NULL where name='olda'")
attempt("revoked approver un-revoked (restart)", old_appr, True)
# the agent's own row renamed? role->admin then approve
edit("update tokens set role='admin' where name='bot'")
attempt("agent 'bot' role->admin approves own (restart)", agent, True)
holes = [k for k, v in res.items() if v and 0 < v < 300]
print("RESULT", ("HOLE " + str(holes)) if holes else "held", f"{len(holes)} of {len(res)} approvals by a minted credential")
a = sh(extra + ["journal", "audit", "--db", db]); print("audit", a.returncode, a.stdout.strip()[-200:], a.stderr.strip()[-200:])
s.kill(signal.SIGTERM); cleanup()
