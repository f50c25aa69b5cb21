"""Hole #2 without a crash: on PostgreSQL the report of a connector run is lost to a dropped connection
(`pg_terminate_backend` as the run finishes); after report_within the run's reservation is released and the next
execute runs. usage: pgdrop28.py PGURL [tries]   needs: the PG server (terminate backends); agent credential"""
import sys, os, time, threading, json, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
url = sys.argv[1]; tries = int(sys.argv[2]) if len(sys.argv) > 2 else 5
def kill_backends():
    subprocess.run(["psql", url, "-q", "-c", "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()"], capture_output=True)
hole = 0
for k in range(tries):
    subprocess.run(["psql", url, "-q", "-c", "drop schema public cascade; create schema public;"], capture_output=True)
    d = fresh(f"pgdrop{k}")
    ev = threading.Event()
    def beh(path, head, body, c):
        if "ord_1" in path:
            time.sleep(1.0)
            stop = time.time() + 1.2
            threading.Thread(target=lambda: [kill_backends() or time.sleep(0.02) for _ in range(40) if time.time() < stop], daemon=True).start()
            time.sleep(0.05)
        ok(c)
    t = Target(beh)
    pol = d + "/p.yaml"
    open(pol, "w").write(f"""version: 1
defaults:
  report_within: 3s
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
    agent = json.loads(sh(["token", "create", "--db", url, "--name", "bot", "--role", "agent", "--json"], check=True).stdout)["token"]
    s = Serve(d, pol, ["--db", url])
    r1 = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    time.sleep(1.5)
    g = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    st = g[1].get("status") if isinstance(g[1], dict) else g
    time.sleep(4)
    r2 = call(s.url("/v1/execute"), agent, {"request_id": "r2", "action": "shop.refund", "params": {"order_id": "ord_2"}})
    o2 = r2[1] if isinstance(r2[1], dict) else {}
    runs = len(t.hits)
    print(f"try {k}: r1 answered {r1[0]} {(r1[1].get('outcome') if isinstance(r1[1], dict) else str(r1[1])[:80])}; r1 state after: {st}; r2 {o2.get('verdict')}/{o2.get('outcome')}; runs {runs}")
    if runs >= 2: hole += 1
    s.kill(signal.SIGTERM); t.stop = True
print("RESULT", "HOLE" if hole else "held", f"{hole} of {tries} tries: 2 runs vs count 1")
cleanup()
