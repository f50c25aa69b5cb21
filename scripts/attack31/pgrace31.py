# pgrace31.py: two serve replicas on one PostgreSQL; N request ids, each sent K times concurrently to both replicas via /v1/execute
# (command connector appends the request's n to runs.txt). Counts connector runs per request id (claim: at most 1).
# usage: python3 pgrace31.py DIR N K   (DIR has t.bot; replicas on 18941/18942)
import sys, json, threading, collections, urllib.request, os
D, N, K = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]); tokv = open(os.path.join(D, "t.bot")).read().strip()
def post(port, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/execute", data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json", "Authorization": "Bearer " + tokv})
    try:
        with urllib.request.urlopen(req, timeout=60) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e: return e.code, e.read()[:200]
    except Exception as e: return -1, str(e)[:200]
res = collections.defaultdict(list); lock = threading.Lock()
tag = sys.argv[4] if len(sys.argv) > 4 else "r"
def one(i, j):
    s, r = post(18941 + (j % 2), {"request_id": f"{tag}{i}", "action": "run.once", "params": {"n": f"{tag}{i}"}})
    with lock: res[i].append((s, r.get("ran") if isinstance(r, dict) else r, r.get("replayed") if isinstance(r, dict) else None))
ts = [threading.Thread(target=one, args=(i, j)) for i in range(N) for j in range(K)]
[t.start() for t in ts]; [t.join() for t in ts]
runs = collections.Counter(l.strip() for l in open(os.path.join(D, "runs.txt")) if l.startswith(tag))
ran_true = sum(1 for i in res for x in res[i] if x[1] is True)
print(f"request ids {N}, calls {N*K}; connector runs: {sum(runs.values())} (ids run more than once: {sum(1 for v in runs.values() if v>1)}); answers ran=true: {ran_true}")
print("statuses:", collections.Counter(x[0] for i in res for x in res[i]))
