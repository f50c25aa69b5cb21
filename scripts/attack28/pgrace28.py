"""Two `serve` replicas on one PostgreSQL: one request id executed concurrently on both (+ CLI), rounds of it,
optionally with every backend terminated during the race; then a 1-person deferral released on both at once.
usage: pgrace28.py PGURL [rounds] [terminate]   needs: agent + approver credentials; (terminate: the PG server)"""
import sys, os, time, threading, json, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
url = sys.argv[1]; rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10; term = len(sys.argv) > 3
subprocess.run(["psql", url, "-q", "-c", "drop schema public cascade; create schema public;"], capture_output=True)
d = fresh("pgrace")
t = Target(lambda p, h, b, c: (time.sleep(0.2), ok(c)))
pol = os.path.join(d, "p.yaml")
open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 10000, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
  pay.big:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/p/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
def tok(name, role):
    r = sh(["token", "create", "--db", url, "--name", name, "--role", role, "--json"], check=True); return json.loads(r.stdout)["token"]
agent = tok("bot", "agent"); appr = tok("alice", "approver")
s1 = Serve(d, pol, ["--db", url]); s2 = Serve(d, pol, ["--db", url])
stop = threading.Event()
def killer():
    while not stop.is_set():
        subprocess.run(["psql", url, "-q", "-c", "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()"], capture_output=True)
        time.sleep(0.3)
if term: threading.Thread(target=killer, daemon=True).start()
answers = []
def go(srv, body): answers.append(call(srv.url("/v1/execute"), agent, body, timeout=60))
def cli(body): answers.append(("cli", sh(["execute", "--db", url, "--policy", pol, "--agent", "bot", "--action", body["action"], "--params", json.dumps(body["params"]), "--request-id", body["request_id"], "--json"]).returncode))
for rnd in range(rounds):
    body = {"request_id": f"rr{rnd}", "action": "shop.refund", "params": {"order_id": f"ord_{rnd}"}}
    ths = [threading.Thread(target=go, args=(s1 if i % 2 else s2, body)) for i in range(16)] + [threading.Thread(target=cli, args=(body,))]
    [x.start() for x in ths]; [x.join() for x in ths]
stop.set(); time.sleep(0.5)
# retry each id once more after the storm, to learn its outcome
acks = 0
for rnd in range(rounds):
    r = call(s1.url("/v1/execute"), agent, {"request_id": f"rr{rnd}", "action": "shop.refund", "params": {"order_id": f"ord_{rnd}"}})
    if r[0] == 200: acks += 1
from collections import Counter
hits = Counter(h[1] for h in t.hits)
dbl = {k: v for k, v in hits.items() if v > 1}
print("race: rounds", rounds, "answers", Counter(a[0] if a[0] != "cli" else f"cli rc {a[1]}" for a in answers), "ids that ran", len(hits), "ran twice", dbl)
# deferral released on both replicas at once
rel = 0
for k in range(5):
    b = {"request_id": f"pay{k}", "action": "pay.big", "params": {"order_id": f"ord_{k}"}}
    r = call(s1.url("/v1/execute"), agent, b); aid = r[1]["approval_id"]
    dig = call(s2.url(f"/v1/approvals/{aid}"), appr)[1]["digest"]
    call(s2.url(f"/v1/approvals/{aid}/approve"), appr, {"digest": dig})
    ths = [threading.Thread(target=go, args=(s1 if i % 2 else s2, b)) for i in range(10)] + [threading.Thread(target=cli, args=(b,))]
    [x.start() for x in ths]; [x.join() for x in ths]
time.sleep(0.5)
ph = Counter(h[1] for h in t.hits if h[1].startswith("/p/"))
print("release: 5 approvals, runs per id", dict(ph))
bad = dbl or any(v > 1 for v in ph.values())
print("RESULT", "HOLE" if bad else "held", f"{sum(1 for v in hits.values() if v > 1)} of {rounds} ids ran twice; releases ran {sum(ph.values())} for 5")
notrun = [f"ord_{r}" for r in range(rounds) if f"/r/ord_{r}" not in hits]
u = sh(["unconfirmed", "--db", url, "--policy", pol]); print(u.stdout)
lie = [l for l in u.stdout.splitlines() if "never started" in l and any(f"request rr{r} " in l and f"/r/ord_{r}" in hits for r in range(rounds))]
print("ids that never reached the target:", notrun, "| listed 'never started' but ran:", lie)
s1.kill(signal.SIGTERM); s2.kill(signal.SIGTERM); cleanup()
a = sh(["journal", "audit", "--db", url]); print("audit", a.returncode, a.stdout[-200:])
