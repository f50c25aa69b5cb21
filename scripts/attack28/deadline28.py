"""A connector run slower than report_within: does a second execute get a permit while the first is still running?
usage: deadline28.py [slow_secs] [report_within]    needs: agent credential only"""
import sys, os, time, threading, json, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
slow = float(sys.argv[1]) if len(sys.argv) > 1 else 8
rw = sys.argv[2] if len(sys.argv) > 2 else "3s"
d = fresh("deadline")
def beh(path, head, body, c):
    time.sleep(slow); ok(c)
t = Target(beh)
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
defaults:
  report_within: {rw}
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params:
      order_id: {{ type: string, pattern: "^ord_[0-9]+$" }}
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:{t.port}/api/orders/{{{{ params.order_id }}}}/refunds"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        success: {{ status: [200, 201] }}
        timeout: 30s
""")
PG = os.environ.get("PGURL")
dbarg = PG or (d + "/fe.db")
if PG: subprocess.run(["psql", PG, "-q", "-c", "drop schema public cascade; create schema public;"], capture_output=True)
key = os.path.join(d, "sk"); open(key, "w").write(sh(["secret", "new-key"]).stdout)
sh(["secret", "set", "shop_token", "--db", dbarg, "--as", "ops", "--secrets-key-file", key], inp="tok-SECRET-123456", check=True)
agent = json.loads(sh(["token", "create", "--db", dbarg, "--name", "bot", "--role", "agent", "--json"], check=True).stdout)["token"]
s = Serve(d, pol, ["--secrets-key-file", key] + (["--db", PG] if PG else []))
res = {}
def ex(i):
    res[i] = call(s.url("/v1/execute"), agent, {"request_id": f"r{i}", "action": "shop.refund", "params": {"order_id": f"ord_{i}"}})
th = threading.Thread(target=ex, args=(1,)); th.start()
time.sleep(float(rw.rstrip("s")) + 2)
ex(2)
th.join()
print("hits at target:", [(round(h[0]-t.hits[0][0],1), h[1]) for h in t.hits])
for i in (1, 2): r=res[i][1]; print(i, res[i][0], {k: r.get(k) for k in ("decision_id","verdict","status","ran","outcome","replayed","reasons")} if isinstance(r, dict) else r)
print("RESULT", "HOLE" if len(t.hits) > 1 else "held", f"{len(t.hits)} runs against count 1")
s.kill(signal.SIGTERM); cleanup()
print(sh(["journal", "verify", "--db", dbarg]).stdout[-300:])
