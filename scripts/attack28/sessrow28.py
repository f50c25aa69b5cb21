"""A database writer (no keys) plants a console session row (session_hash = sha256(cookie)) or a sign-in code row for a
person, then approves the agent's deferral through the console as that person: the door itself writes (and, under the
seal key, seals) the approval. usage: sessrow28.py [seal]   needs: write access to the database file (no keys, no token)"""
import sys, os, time, json, sqlite3, hashlib, secrets as ps, http.cookiejar, urllib.request
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
d = fresh("sessrow" + ("-seal" if seal else "")); db = d + "/fe.db"
extra = []
if seal:
    sh(["journal", "keygen", "--out", d + "/keys"], check=True); extra = ["--seal-key", d + "/keys/seal.key"]
pol = d + "/p.yaml"
open(pol, "w").write("version: 1\nactions:\n  pay.out:\n    tier: 3\n    approvals: { required: 2, ttl: 1h }\n    params: { to: { type: string } }\n")
def tk(name, role): return json.loads(sh(extra + ["token", "create", "--db", db, "--name", name, "--role", role, "--json"], check=True).stdout)["token"]
agent = tk("bot", "agent"); tk("alice", "approver"); tk("bob", "approver"); tk("root", "admin")
s = Serve(d, pol, extra)
r = call(s.url("/v1/decide"), agent, {"request_id": "p1", "action": "pay.out", "params": {"to": "mallory-account"}})
aid = r[1]["approval_id"]; print("deferred, approval", aid)
def plant_session(principal):
    cookie = ps.token_hex(32); csrf = ps.token_hex(32)
    c = sqlite3.connect(db, timeout=10)
    c.execute("insert into sessions (session_hash, principal, csrf, expires_ms) values (?,?,?,?)",
              (hashlib.sha256(cookie.encode()).hexdigest(), principal, csrf, int(time.time() * 1000) + 3600_000))
    c.commit(); c.close(); return cookie, csrf
def console(cookie, csrf, method, path, body=None):
    req = urllib.request.Request(s.url(path), data=json.dumps(body).encode() if body is not None else None, method=method,
                                 headers={"content-type": "application/json", "cookie": f"fe_session={cookie}", "x-csrf-token": csrf, "origin": s.url("")})
    try:
        with urllib.request.urlopen(req, timeout=10) as r: return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e: return e.code, e.read().decode()[:220]
res = []
for who in ("alice", "bob"):
    ck, cs = plant_session(who)
    st, me = console(ck, cs, "GET", "/console/session"); print(f"planted session for {who}: GET /console/session -> {st} {str(me)[:120]}")
    st, a = console(ck, cs, "GET", f"/v1/approvals/{aid}")
    dig = a.get("digest") if isinstance(a, dict) else None
    st2, b = console(ck, cs, "POST", f"/v1/approvals/{aid}/approve", {"digest": dig})
    print(f"  approve as {who} -> {st2} {str(b)[:160]}"); res.append(st2)
# sign-in code
code = ps.token_hex(16)
for h in (hashlib.sha256(code.encode()).hexdigest(),):
    c = sqlite3.connect(db, timeout=10); c.execute("insert into signin_codes (code_hash, principal, expires_ms) values (?,?,?)", (h, "root", int(time.time() * 1000) + 600_000)); c.commit(); c.close()
cj = http.cookiejar.CookieJar(); op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cj))
try:
    rr = op.open(s.url(f"/console/signin?code={code}"), timeout=10); print("planted sign-in code for admin root ->", rr.status, [c.name for c in cj])
except urllib.error.HTTPError as e: print("planted sign-in code ->", e.code, e.read().decode()[:160])
r = call(s.url("/v1/decide"), agent, {"request_id": "p1", "action": "pay.out", "params": {"to": "mallory-account"}})
print("release:", r[0], r[1].get("verdict") if isinstance(r[1], dict) else r[1], r[1].get("replayed") if isinstance(r[1], dict) else "")
released = isinstance(r[1], dict) and r[1].get("verdict") == "permit"
print("RESULT", "HOLE: a keyless writer approved as two people and the agent's payment was released" if released else ("HOLE (partial): " + str(res) if any(x and x < 300 for x in res) else "held"))
v = sh(extra + ["journal", "verify", "--db", db]); a = sh(extra + ["journal", "audit", "--db", db])
print("verify", v.returncode, v.stdout.strip()[-120:], "| audit", a.returncode, (a.stdout + a.stderr).strip()[-200:])
s.kill(signal.SIGTERM); cleanup()
