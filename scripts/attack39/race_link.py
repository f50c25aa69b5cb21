#!/usr/bin/env python3
"""One-time sign-in link redeemed concurrently on two servers over one SQLite file while `token revoke` fires."""
import json, os, subprocess, sys, threading, time, http.client, random, re, shutil, sqlite3
F = "/work/attack39/foureyes"; BASE = "/tmp/attack39/rlink"; ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 8
PORTS = [18397, 18398]
def req(port, path, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=20); c.request("GET", path, headers=headers or {})
    r = c.getresponse(); d = r.read(); ck = r.getheader("Set-Cookie"); c.close(); return r.status, d, ck
summary = []
for rnd in range(ROUNDS):
    D = f"{BASE}/{rnd}"; shutil.rmtree(D, ignore_errors=True); os.makedirs(D); os.chdir(D)
    open("pol.yaml", "w").write("version: 1\nactions:\n  x.read:\n    tier: 0\n    params: {}\n")
    sa = subprocess.Popen([F, "--db", "r.db", "--policy", "pol.yaml", "serve", "--listen", f"127.0.0.1:{PORTS[0]}"], stdout=open("a.log", "w"), stderr=subprocess.STDOUT)
    time.sleep(2)
    sb = subprocess.Popen([F, "--db", "r.db", "--policy", "pol.yaml", "serve", "--listen", f"127.0.0.1:{PORTS[1]}"], stdout=open("b.log", "w"), stderr=subprocess.STDOUT)
    time.sleep(2)
    code = re.search(r"code=([0-9a-f]+)", open("a.log").read()).group(1)
    results = []; lock = threading.Lock(); revoked_at = [None]; go = threading.Event()
    def w(port):
        go.wait(); t0 = time.time()
        for _ in range(3):
            st, d, ck = req(port, f"/console/signin?code={code}")
            with lock: results.append((port, st, ck.split(";")[0] if ck else None, t0, d[:120]))
            time.sleep(random.random() * 0.02)
    ths = [threading.Thread(target=w, args=(p,)) for p in PORTS for _ in range(3)]
    for t in ths: t.start()
    go.set(); time.sleep(random.random() * 0.05)
    r = subprocess.run([F, "--db", "r.db", "token", "revoke", "admin"], capture_output=True, text=True); revoked_at[0] = time.time()
    for t in ths: t.join()
    cookies = [x[2] for x in results if x[2] and "fe_session" in x[2]]
    live_after = []
    for ck in set(cookies):
        for p in PORTS:
            st, _, _ = req(p, "/v1/me", {"Cookie": ck})
            if st == 200: live_after.append((p, ck[:30]))
    sa.terminate(); sb.terminate(); sa.wait(); sb.wait()
    subprocess.run([F, "--db", "r.db", "journal", "export", "j.jsonl"], capture_output=True)
    evs = [json.loads(l) for l in open("j.jsonl")]
    seq_rev = [e["seq"] for e in evs if e["kind"] == "credential" and e["data"].get("action") == "revoked"]
    used = [e["seq"] for e in evs if e["kind"] == "credential" and e["data"].get("action") == "signin_code_used"]
    opened = [e["seq"] for e in evs if e["kind"] == "credential" and "session_opened" in json.dumps(e["data"])]
    alarms = sum(1 for e in evs if "record_altered" in json.dumps(e))
    row = sqlite3.connect("r.db").execute("select used_ms from signin_codes").fetchall()
    st_counts = {}
    for x in results: st_counts[x[1]] = st_counts.get(x[1], 0) + 1
    bad = []
    if len(set(cookies)) > 1: bad.append("link spent twice")
    if used and seq_rev and min(used) > min(seq_rev): bad.append("used after revoked")
    if live_after: bad.append(f"session alive after revoke {live_after}")
    if alarms: bad.append(f"record_altered x{alarms}")
    print(f"round {rnd}: statuses {st_counts} sessions {len(set(cookies))} revoked@{seq_rev} used@{used} opened@{opened} code_row {row} {'BAD ' + '; '.join(bad) if bad else 'ok'}")
    summary.append(bad)
print("rounds with a problem:", sum(1 for b in summary if b))
