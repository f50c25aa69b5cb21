#!/usr/bin/env python3
"""Fault harness: fresh SQLite db, serve under a fault env, 16 clients with reused request ids
against a tight budget (1000 EUR / 60 per id) and a count limit (5), then restart clean and check."""
import json, os, random, signal, subprocess, sys, threading, time, urllib.request, urllib.error
B = os.path.abspath(os.environ.get("FOUREYES_BIN", "/work/attack21/bin/foureyes"))
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.yaml")
SHIM = os.environ.get("SHIM", "/tmp/attack21-run/shim.so")

def sh(args, env):
    return subprocess.run([B] + args, env=env, capture_output=True, text=True)

def token(env, name, role):
    out = sh(["token", "create", "--name", name, "--role", role], env).stdout
    return [l for l in out.splitlines() if l.startswith("fe_") or l.startswith("fe.")][0]

def start(env, port, extra_env=None, log="serve.log"):
    e = dict(env); e.update(extra_env or {})
    f = open(log, "ab")
    p = subprocess.Popen([B, "serve", "--listen", f"127.0.0.1:{port}"], env=e, stdout=f, stderr=f)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=1); return p
        except Exception:
            if p.poll() is not None: return p
            time.sleep(0.05)
    return p

def post(port, tok, path, body, timeout=10):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r: return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        try: return e.code, json.loads(e.read())
        except Exception: return e.code, None
    except Exception as e:
        return -1, str(e)

def get(port, tok, path):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": "Bearer " + tok})
    try:
        with urllib.request.urlopen(req, timeout=10) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, e.read()[:300]
    except Exception as e:
        return -1, str(e)

SPEND_IDS = [f"s{i}" for i in range(40)]
LIM_IDS = [f"l{i}" for i in range(20)]
def body_for(rid):
    if rid[0] == "s": return {"request_id": rid, "action": "spend", "params": {"amount_eur": 60, "n": rid}}
    return {"request_id": rid, "action": "lim", "params": {"n": rid}}

def load(port, tok, iters, log, stop, clients=16):
    lock = threading.Lock()
    def worker(k):
        rnd = random.Random(k)
        for i in range(iters):
            if stop.is_set(): return
            rid = rnd.choice(SPEND_IDS + LIM_IDS)
            st, b = post(port, tok, "/v1/decide", body_for(rid))
            with lock: log.append((rid, st, b if isinstance(b, dict) else {"raw": b}))
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(clients)]
    [t.start() for t in ts]; [t.join() for t in ts]

def check(env, port, agent, admin, log, tag):
    """log: all answers. returns dict of findings."""
    acked = {}
    problems = []
    for rid, st, b in log:
        if st == 200 and b.get("verdict") == "permit":
            d = b["decision_id"]
            if rid in acked and acked[rid] != d: problems.append(f"{rid}: two acked permit ids {acked[rid]} {d}")
            acked[rid] = d
    # re-ask every id after restart
    final = {}
    for rid in SPEND_IDS + LIM_IDS:
        st, b = post(port, agent, "/v1/decide", body_for(rid))
        final[rid] = (st, b)
        if rid in acked:
            if st != 200 or b.get("verdict") != "permit" or b.get("decision_id") != acked[rid]:
                problems.append(f"LOST/CHANGED {rid}: acked permit {acked[rid]}, now {st} {str(b)[:200]}")
    # listing
    r = sh(["decisions", "list", "--all", "--json"], env)
    try: decs = json.loads(r.stdout)
    except Exception: decs = []; problems.append("decisions list failed: " + r.stderr[:300])
    per = {}
    spend = 0; lim = 0
    for d in decs:
        if d.get("verdict") == "permit":
            per.setdefault(d["request_id"], []).append(d["decision_id"])
            if d["action"] == "spend": spend += float(d["params"]["amount_eur"])
            if d["action"] == "lim": lim += 1
    for rid, ids in per.items():
        if len(ids) > 1: problems.append(f"DUP permits {rid}: {ids}")
    if spend > 1000: problems.append(f"OVERSPENT {spend}")
    if lim > 5: problems.append(f"LIMIT EXCEEDED {lim}")
    v = sh(["journal", "verify"], env); a = sh(["journal", "audit"], env)
    res = {"tag": tag, "answers": len(log), "acked_permits": len(acked), "permits_listed": sum(len(x) for x in per.values()),
           "spend": spend, "lim": lim, "verify": (v.returncode, (v.stdout + v.stderr).strip()[-300:]),
           "audit": (a.returncode, (a.stdout + a.stderr).strip()[-300:]), "problems": problems,
           "codes": sorted({(st, (b.get("error") or {}).get("code") if isinstance(b, dict) and isinstance(b.get("error"), dict) else None) for _, st, b in log}, key=str)}
    return res
