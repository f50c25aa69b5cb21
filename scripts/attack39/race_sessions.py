#!/usr/bin/env python3
"""Race sign-in / sign-out / reads against `token revoke` on two serve processes over one SQLite file.
Counts record_altered refusals and any request authenticated after the revoke returned."""
import json, os, subprocess, sys, threading, time, urllib.request, http.client, random
F = "/work/attack39/foureyes"; D = "/tmp/attack39/race"; ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 15
PORTS = [18393, 18394]
os.makedirs(D, exist_ok=True); os.chdir(D)
for f in os.listdir(D):
    if f.startswith("r.db"): os.remove(f)
open("pol.yaml", "w").write("version: 1\nactions:\n  x.read:\n    tier: 0\n    params: {}\n")
def cli(*a):
    return subprocess.run([F, "--db", "r.db", *a], capture_output=True, text=True)
toks = {}
for i in range(ROUNDS):
    r = cli("token", "create", "--name", f"n{i}", "--role", "admin"); toks[f"n{i}"] = r.stdout.strip().splitlines()[-1]
servers = []
for p in PORTS:
    servers.append(subprocess.Popen([F, "--db", "r.db", "--policy", "pol.yaml", "serve", "--listen", f"127.0.0.1:{p}"],
                                    stdout=open(f"serve{p}.log", "w"), stderr=subprocess.STDOUT))
time.sleep(2.5)
def req(port, method, path, body=None, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers or {})
    r = c.getresponse(); data = r.read(); ck = r.getheader("Set-Cookie"); c.close()
    return r.status, data, ck
stats = {"after_revoke_ok": [], "status": {}, "errors": 0}
lock = threading.Lock()
def note(k):
    with lock: stats["status"][k] = stats["status"].get(k, 0) + 1
try:
    for i in range(ROUNDS):
        name = f"n{i}"; tok = toks[name]; revoked_at = [None]
        stop = time.time() + 1.6
        def worker(port, kind):
            while time.time() < stop:
                try:
                    t0 = time.time()
                    if kind == "signin":
                        st, data, ck = req(port, "POST", "/console/session", {"token": tok}, {"Content-Type": "application/json"})
                        note(f"signin:{st}")
                        if st == 200 and ck:
                            cookie = ck.split(";")[0]; csrf = json.loads(data)["csrf"]
                            st2, d2, _ = req(PORTS[1 - PORTS.index(port)], "GET", "/console/session", None, {"Cookie": cookie}); note(f"sessget:{st2}")
                            if st2 == 200 and revoked_at[0] and t0 > revoked_at[0]:
                                stats["after_revoke_ok"].append(("sessget", port, name))
                            if random.random() < 0.5:
                                st3, _, _ = req(port, "DELETE", "/console/session", None, {"Cookie": cookie, "X-CSRF-Token": csrf}); note(f"signout:{st3}")
                                st4, _, _ = req(PORTS[1 - PORTS.index(port)], "GET", "/v1/me", None, {"Cookie": cookie}); note(f"me_after_signout:{st4}")
                                if st4 == 200: stats["after_revoke_ok"].append(("me after signout", port, name))
                        if st == 200 and revoked_at[0] and t0 > revoked_at[0]:
                            stats["after_revoke_ok"].append(("signin", port, name))
                    else:
                        st, data, _ = req(port, "GET", "/v1/me", None, {"Authorization": "Bearer " + tok}); note(f"me:{st}")
                        if st == 200 and revoked_at[0] and t0 > revoked_at[0]:
                            stats["after_revoke_ok"].append(("me", port, name))
                except Exception as e:
                    with lock: stats["errors"] += 1
        ths = [threading.Thread(target=worker, args=(p, k)) for p in PORTS for k in ("signin", "me")]
        for t in ths: t.start()
        time.sleep(0.3 + random.random() * 0.6)
        r = cli("token", "revoke", name); revoked_at[0] = time.time()
        if r.returncode != 0: print("revoke failed", r.stderr[:200])
        for t in ths: t.join()
        # after the round: the name's sessions must all be dead
finally:
    for s in servers: s.terminate()
    for s in servers: s.wait()
out = cli("journal", "export", "j.jsonl")
alarms = 0; kinds = {}
for line in open("j.jsonl"):
    ev = json.loads(line); d = ev.get("data", ev)
    s = json.dumps(ev)
    if "record_altered" in s: alarms += 1
    if ev.get("kind") == "refused": kinds[d.get("code")] = kinds.get(d.get("code"), 0) + 1
print("rounds", ROUNDS, "status", stats["status"], "errors", stats["errors"])
print("record_altered events:", alarms, "refusal codes:", kinds)
print("authenticated after revoke returned:", stats["after_revoke_ok"][:20], len(stats["after_revoke_ok"]))
print(cli("journal", "verify").stdout.strip()[:200]); print(cli("journal", "audit").stdout.strip()[:200])
