#!/usr/bin/env python3
"""Sign-out racing votes with the same console session, on two servers over one SQLite file (ADR-1220)."""
import json, os, subprocess, sys, threading, time, http.client, random, shutil
F = "/work/attack39/foureyes"; D = "/tmp/attack39/rvote"; ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
PORTS = [18399, 18400]
shutil.rmtree(D, ignore_errors=True); os.makedirs(D); os.chdir(D)
open("pol.yaml", "w").write("""version: 1
actions:
  pay.send:
    tier: 3
    params: { n: { type: integer, min: 0, max: 100000 } }
    approvals: { required: 2, ttl: 24h }
""")
def cli(*a): return subprocess.run([F, "--db", "r.db", "--policy", "pol.yaml", *a], capture_output=True, text=True)
bot = cli("token", "create", "--name", "bot", "--role", "agent").stdout.strip().splitlines()[-1]
appr = [cli("token", "create", "--name", f"ap{i}", "--role", "approver").stdout.strip().splitlines()[-1] for i in range(3)]
srv = [subprocess.Popen([F, "--db", "r.db", "--policy", "pol.yaml", "serve", "--listen", f"127.0.0.1:{p}"], stdout=open(f"s{p}.log", "w"), stderr=subprocess.STDOUT) for p in PORTS]
time.sleep(2.5)
def req(port, method, path, body=None, headers=None):
    h = {"Content-Type": "application/json"}; h.update(headers or {})
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=h)
    r = c.getresponse(); d = r.read(); ck = r.getheader("Set-Cookie"); c.close(); return r.status, d, ck
counts = {}; lock = threading.Lock(); late_ok = []
def note(k):
    with lock: counts[k] = counts.get(k, 0) + 1
try:
    for rnd in range(ROUNDS):
        ids = []
        for k in range(6):
            st, d, _ = req(PORTS[k % 2], "POST", "/v1/decide", {"request_id": f"r{rnd}-{k}", "action": "pay.send", "params": {"n": k}}, {"Authorization": "Bearer " + bot})
            j = json.loads(d); ids.append((j.get("approval_id") or j.get("approval", {}).get("approval_id"), j.get("digest")))
        tok = appr[rnd % 3]
        st, d, ck = req(PORTS[0], "POST", "/console/session", {"token": tok}); cookie = ck.split(";")[0]; csrf = json.loads(d)["csrf"]
        H = {"Cookie": cookie, "X-CSRF-Token": csrf}; out_at = [None]
        def voter(port, items):
            for aid, dig in items:
                t0 = time.time()
                st, d, _ = req(port, "POST", f"/v1/approvals/{aid}/approve", {"digest": dig}, H); note(f"vote:{st}")
                if st == 200 and out_at[0] and t0 > out_at[0]: late_ok.append((rnd, aid))
                st, d, _ = req(port, "GET", "/console/session", None, H); note(f"sess:{st}")
        ths = [threading.Thread(target=voter, args=(PORTS[i % 2], ids[i::2])) for i in range(2)]
        for t in ths: t.start()
        time.sleep(random.random() * 0.05)
        st, _, _ = req(PORTS[1], "DELETE", "/console/session", None, H); out_at[0] = time.time(); note(f"signout:{st}")
        for t in ths: t.join()
finally:
    for s in srv: s.terminate()
    for s in srv: s.wait()
cli("journal", "export", "j.jsonl")
evs = [json.loads(l) for l in open("j.jsonl")]
alarms = [e for e in evs if "record_altered" in json.dumps(e)]
print("statuses", counts); print("record_altered:", len(alarms), [json.dumps(a)[:300] for a in alarms[:3]])
print("votes counted after sign-out returned:", late_ok)
if not ids[0][0]: print("decide answer sample:", d[:300])
print(cli("journal", "audit").stdout.strip()[:200])
