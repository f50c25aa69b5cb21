"""A database writer edits `connector_secrets`: swaps two secrets' sealed values, or puts back a rotated secret's old
sealed value (with its old or the new version). Does a connector then send a value the operator did not set for that
name, silently? usage: secswap28.py [seal]   needs: write access to the database file (no keys)"""
import sys, os, time, json, sqlite3, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
d = fresh("secswap")
t = Target(lambda p, h, b, c: ok(c))
sk = d + "/sk"; open(sk, "w").write(sh(["secret", "new-key"]).stdout)
extra = []
if seal:
    sh(["journal", "keygen", "--out", d + "/keys"], check=True)
    extra = ["--seal-key", d + "/keys/seal.key"]
db = d + "/fe.db"
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  x.call:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ n: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/x", headers: {{ authorization: "Bearer {{{{ secret.a }}}}" }}, success: {{ status: [200] }}, timeout: 5s }}
""")
def setsec(name, val): sh(extra + ["secret", "set", name, "--db", db, "--as", "ops", "--secrets-key-file", sk], inp=val, check=True)
setsec("a", "AAAA-old-value-1111")
c = sqlite3.connect(db); a_v1 = c.execute("select version, nonce, sealed, key_fingerprint from connector_secrets where name='a'").fetchone(); c.close()
setsec("b", "BBBB-other-secret-2222")
setsec("a", "AAAA-rotated-new-3333")
agent = token(d, "bot", "agent") if not seal else json.loads(sh(extra + ["token", "create", "--db", db, "--name", "bot", "--role", "agent", "--json"], check=True).stdout)["token"]
n = [0]
def run(label, restart=False):
    global s
    if restart:
        s.kill(signal.SIGTERM); s = Serve(d, pol, ["--secrets-key-file", sk] + extra)
    n[0] += 1; h0 = len(t.hits)
    r = call(s.url("/v1/execute"), agent, {"request_id": f"q{n[0]}", "action": "x.call", "params": {"n": str(n[0])}})
    o = r[1] if isinstance(r[1], dict) else {"raw": str(r[1])[:200]}
    got = "-"
    if len(t.hits) > h0:
        for line in t.hits[h0][2].split("\r\n"):
            if line.lower().startswith("authorization"): got = line.split(" ", 2)[-1]
    err = (o.get("report_detail") or {}).get("error") if isinstance(o.get("report_detail"), dict) else o.get("raw") or o.get("error")
    print(f"{label:40s} -> {r[0]} {o.get('verdict')}/{o.get('outcome')} target got: {got}  {str(err)[:140] if got == '-' else ''}")
    return got
s = Serve(d, pol, ["--secrets-key-file", sk] + extra)
res = {}
res["control"] = run("control")
def edit(sql, args=()):
    c = sqlite3.connect(db); c.execute(sql, args); c.commit(); c.close()
c = sqlite3.connect(db); a_v2 = c.execute("select version, nonce, sealed, key_fingerprint from connector_secrets where name='a'").fetchone()
b_row = c.execute("select version, nonce, sealed from connector_secrets where name='b'").fetchone(); c.close()
edit("update connector_secrets set nonce=?, sealed=? where name='a'", (b_row[1], b_row[2]))
res["swap"] = run("a <- b's nonce+sealed (live serve)")
res["swap_r"] = run("a <- b's nonce+sealed (after restart)", True)
edit("update connector_secrets set nonce=?, sealed=?, version=? where name='a'", (b_row[1], b_row[2], b_row[0]))
res["swapv"] = run("a <- b's nonce+sealed+version", True)
edit("update connector_secrets set nonce=?, sealed=?, version=2 where name='a'", (a_v1[1], a_v1[2]))
res["rb"] = run("a <- its v1 nonce+sealed, version 2", True)
edit("update connector_secrets set nonce=?, sealed=?, version=1 where name='a'", (a_v1[1], a_v1[2]))
res["rbv"] = run("a <- its v1 nonce+sealed+version 1", True)
edit("update connector_secrets set nonce=?, sealed=?, version=2 where name='a'", (a_v2[1], a_v2[2]))
res["back"] = run("a <- restored to v2", True)
bad = [k for k, v in res.items() if k not in ("control", "back") and v not in ("-", "AAAA-rotated-new-3333")]
print("RESULT", ("HOLE " + str(bad)) if bad else "held")
a = sh(extra + ["journal", "audit", "--db", db]); print("audit", a.returncode, a.stdout.strip()[-160:])
s.kill(signal.SIGTERM); cleanup()
