"""A secret's sealed row copied from another store (another namespace, same secrets key) into this one under the same
name. Is the other store's credential used here, silently? usage: seccross28.py   needs: write access to the database
files (both in one directory, as namespaces are)"""
import sys, os, time, json, sqlite3
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("seccross")
t = Target(lambda p, h, b, c: ok(c))
sk = d + "/sk"; open(sk, "w").write(sh(["secret", "new-key"]).stdout)
db = d + "/fe.db"; dbt = d + "/foureyes.ns-teamb.db"
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  x.call:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ n: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/x", headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}, success: {{ status: [200] }}, timeout: 5s }}
""")
sh(["secret", "set", "tok", "--db", db, "--as", "ops", "--secrets-key-file", sk], inp="MAIN-prod-token-9999", check=True)
sh(["secret", "set", "tok", "--db", d + "/fe.db", "--namespace", "teamb", "--as", "ops", "--secrets-key-file", sk], inp="TEAMB-sandbox-token-1111", check=True)
print("files:", sorted(os.listdir(d)))
nsdb = [os.path.join(d, f) for f in os.listdir(d) if "teamb" in f and f.endswith(".db")][0]
tb = json.loads(sh(["token", "create", "--db", db, "--namespace", "teamb", "--name", "bot", "--role", "agent", "--json"], check=True).stdout)["token"]
s = Serve(d, pol, ["--secrets-key-file", sk, "--serve-namespace", f"teamb={pol}"])
def run(i):
    h0 = len(t.hits)
    r = call(s.url("/v1/execute"), tb, {"request_id": f"c{i}", "action": "x.call", "params": {"n": str(i)}})
    o = r[1] if isinstance(r[1], dict) else {}
    got = [l for l in t.hits[h0][2].split("\r\n") if l.lower().startswith("authorization")] if len(t.hits) > h0 else "-"
    print(r[0], o.get("outcome"), got, str((o.get("report_detail") or {}).get("error") if isinstance(o.get("report_detail"), dict) else str(r[1])[:200])[:150])
    return got
run(1)
c = sqlite3.connect(db); row = c.execute("select version, key_fingerprint, nonce, sealed from connector_secrets where name='tok'").fetchone(); c.close()
c = sqlite3.connect(nsdb); c.execute("update connector_secrets set nonce=?, sealed=? where name='tok'", (row[2], row[3])); c.commit(); c.close()
g = run(2)
print("RESULT", "HOLE: team b's agent's action carried the main store's credential" if "MAIN" in str(g) else "held")
a = sh(["journal", "audit", "--db", db, "--namespace", "teamb"]); print("audit teamb", a.returncode, a.stdout.strip()[-120:])
s.kill(signal.SIGTERM); cleanup()
