# pgcrash31.py: two replicas, clients spend pay.send 30 EUR each (budget 1000/h) with retries; the PostgreSQL server is
# stopped -m immediate mid-load and started again. Afterwards: every acknowledged permit must be in the decisions table
# (lost = 0), no request id permitted twice, sum of permits <= 1000.
# usage: python3 pgcrash31.py DIR PGDATA PGPORT TAG
import sys, json, threading, time, subprocess, urllib.request, os, collections
D, PGDATA, PGPORT, TAG = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
ACTION = sys.argv[5] if len(sys.argv) > 5 else "pay.send"; AMT = int(sys.argv[6]) if len(sys.argv) > 6 else 30; CAP = int(sys.argv[7]) if len(sys.argv) > 7 else 1000
tokv = open(os.path.join(D, "t.bot")).read().strip()
def post(port, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/decide", data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json", "Authorization": "Bearer " + tokv})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e: return e.code, None
    except Exception as e: return -1, None
acked = {}; lock = threading.Lock(); stop = time.time() + 12; errs = collections.Counter()
def worker(w):
    i = 0
    while time.time() < stop and i < 200:
        rid = f"{TAG}-{w}-{i}"; i += 1
        for attempt in range(3):
            s, r = post(18941 + (w % 2), {"request_id": rid, "action": ACTION, "params": {"amount": AMT}})
            errs[s] += 1
            if s == 200:
                if r["verdict"] == "permit":
                    with lock: acked[rid] = r["decision_id"]
                break
            time.sleep(0.3)
ts = [threading.Thread(target=worker, args=(w,)) for w in range(6)]; [t.start() for t in ts]
time.sleep(2.0)
subprocess.run(["su", "postgres", "-c", f"pg_ctl -D {PGDATA} stop -m immediate"], capture_output=True)
print("postgres stopped (immediate) at +2.0s"); time.sleep(3)
subprocess.run(["su", "postgres", "-c", f"pg_ctl -D {PGDATA} -o '-p {PGPORT} -k /tmp/attack31/pg -c listen_addresses=127.0.0.1' -l /tmp/attack31/pg/pg.log start"], capture_output=True)
print("postgres started at +5s"); [t.join() for t in ts]
q = subprocess.run(["psql", "-h", "127.0.0.1", "-p", PGPORT, "-U", "fe", "-d", "fe", "-At", "-c",
    f"select request_id, id, verdict from decisions where request_id like '{TAG}-%'"], capture_output=True, text=True).stdout
rows = [l.split("|") for l in q.split()]
permits = {r[0]: int(r[1]) for r in rows if r[2] == "permit"}
dup = collections.Counter(r[0] for r in rows if r[2] == "permit")
lost = [rid for rid, did in acked.items() if permits.get(rid) != did]
print(f"HTTP statuses {dict(errs)}; acknowledged permits {len(acked)}; permits in table {len(permits)}; lost {len(lost)}; "
      f"request ids permitted twice {sum(1 for v in dup.values() if v > 1)}; spent {AMT*len(permits)} EUR of {CAP}")
