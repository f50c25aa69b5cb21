#!/usr/bin/env python3
# attack35: requests authenticated before a revocation, writing after it. Usage: FOUREYES_BIN=... revoke_straddle.py
import os, sys, socket, subprocess, json, time, re, tempfile, signal
B = os.environ.get("FOUREYES_BIN", "/work/attack35/bin/foureyes")
D = tempfile.mkdtemp(prefix="a35-", dir="/tmp/attack35")
os.environ["FOUREYES_DB"] = D + "/fe.db"; os.environ["FOUREYES_POLICY"] = D + "/policy.yaml"
open(D + "/policy.yaml", "w").write("""version: 1
defaults:
  approvals: { required: 1, ttl: 24h }
actions:
  battery.schedule:
    tier: 2
    params: { kw: { type: number, min: 0, max: 5 } }
    limits:  [ { count: 1000, per: 1h } ]
""")
def cli(*a):
    return subprocess.run([B, *a], capture_output=True, text=True, timeout=60)
def mk(name, role):
    out = cli("token", "create", "--name", name, "--role", role).stdout
    return re.search(r"fe_[0-9a-f]+", out).group(0)
def revoke(name):
    r = cli("token", "revoke", name); assert r.returncode == 0, r.stderr
mk("boot", "admin")
srv = subprocess.Popen([B, "serve", "--listen", "127.0.0.1:0"], stdout=open(D + "/serve.log", "w"), stderr=subprocess.STDOUT)
port = None
for _ in range(100):
    time.sleep(0.1)
    m = re.search(r"http://127.0.0.1:(\d+)", open(D + "/serve.log").read())
    if m: port = int(m.group(1)); break
def conn():
    s = socket.create_connection(("127.0.0.1", port), timeout=15); return s
def head(method, path, hdrs, blen=None, chunked=False):
    h = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    for k, v in hdrs.items(): h += f"{k}: {v}\r\n"
    if chunked: h += "Transfer-Encoding: chunked\r\n"
    elif blen is not None: h += f"Content-Length: {blen}\r\n"
    return (h + "\r\n").encode()
def readresp(s):
    buf = b""
    while b"\r\n\r\n" not in buf:
        c = s.recv(65536)
        if not c: break
        buf += c
    hd, _, rest = buf.partition(b"\r\n\r\n")
    m = re.search(rb"content-length: (\d+)", hd, re.I)
    n = int(m.group(1)) if m else 0
    while len(rest) < n:
        c = s.recv(65536)
        if not c: break
        rest += c
    return hd.decode(errors="replace"), rest[:n].decode(errors="replace"), rest[n:]
def events():
    r = cli("journal", "export", "-")
    return [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
def names_of(e):
    d = e.get("data", {}); out = set()
    for k in ("agent", "by", "name", "principal", "actor", "approver", "admin", "set_by"):
        v = d.get(k)
        if isinstance(v, str): out.add(v.split(":")[-1])
    return out
def landed_after_revoke(name):
    ev = events(); idx = None; late = []
    for i, e in enumerate(ev):
        d = e.get("data", {})
        if idx is None and e["kind"] == "credential" and d.get("action") == "revoked" and d.get("name") == name:
            idx = i; continue
        if idx is not None and name in names_of(e) and not (e["kind"] == "refused"):
            late.append(e)
    assert idx is not None, "no revoked event for " + name
    return idx, late
def signin(tok):
    s = conn(); body = json.dumps({"token": tok}).encode()
    s.sendall(head("POST", "/console/session", {}, len(body)) + body)
    hd, bd, _ = readresp(s); s.close()
    m = re.search(r"fe_session=([^;]+)", hd)
    return hd.split("\r\n")[0], (m.group(1) if m else None), bd
results = []
def rec(n, what, ok, fig): results.append((n, what, ok, fig)); print(n, what, ok, fig, flush=True)
N = [0]
def fresh(role="admin"):
    N[0] += 1; name = f"a35x{N[0]}"; return name, mk(name, role)
def auth_hdrs(kind, name, tok):
    if kind == "bearer": return {"Authorization": "Bearer " + tok}
    st, cookie, bd = signin(tok)
    csrf = json.loads(bd).get("csrf") or json.loads(bd).get("csrf_token")
    return {"Cookie": "fe_session=" + cookie, "X-CSRF-Token": str(csrf), "Origin": f"http://127.0.0.1:{port}"}
# 1/2: slow body (content-length and chunked) on kill switch, bearer and session
for kind in ("bearer", "session"):
    for mode in ("cl", "chunked"):
        landed = 0; M = 3
        for r in range(M):
            name, tok = fresh(); h = auth_hdrs(kind, name, tok)
            body = json.dumps({"engaged": r % 2 == 0}).encode()
            s = conn()
            if mode == "cl": s.sendall(head("POST", "/v1/kill-switch", h, len(body)) + body[:3])
            else: s.sendall(head("POST", "/v1/kill-switch", h, chunked=True) + b"3\r\n" + body[:3] + b"\r\n")
            time.sleep(0.3); revoke(name)
            rest = body[3:]
            if mode == "cl": s.sendall(rest)
            else: s.sendall(b"%x\r\n" % len(rest) + rest + b"\r\n0\r\n\r\n")
            hd, bd, _ = readresp(s); s.close()
            idx, late = landed_after_revoke(name)
            if late or hd.startswith("HTTP/1.1 200"): landed += 1; print("  LATE", hd.split("\r\n")[0], bd[:200], late[:2])
        rec(f"ks-{kind}-{mode}", "kill switch body held across revoke", "held" if landed == 0 else "HOLE", f"{landed} of {M} landed")
# 3: keep-alive second request after revocation on same connection
for kind in ("bearer", "session"):
    landed = 0; M = 2
    for r in range(M):
        name, tok = fresh(); h = auth_hdrs(kind, name, tok)
        s = conn(); s.sendall(head("GET", "/v1/me", h)); hd, bd, _ = readresp(s)
        assert hd.startswith("HTTP/1.1 200"), hd
        revoke(name)
        body = json.dumps({"engaged": r % 2 == 0}).encode()
        s.sendall(head("POST", "/v1/kill-switch", h, len(body)) + body); hd, bd, _ = readresp(s); s.close()
        idx, late = landed_after_revoke(name)
        if late or hd.startswith("HTTP/1.1 200"): landed += 1; print("  LATE", hd.split("\r\n")[0], bd[:200])
    rec(f"ka-{kind}", "keep-alive: 2nd request after revoke", "held" if landed == 0 else "HOLE", f"{landed} of {M}")
# 4: pipelined: two requests sent in one write, revoke between? (send both, revoke before second body completes)
landed = 0; M = 2
for r in range(M):
    name, tok = fresh(); h = {"Authorization": "Bearer " + tok}
    b1 = json.dumps({"engaged": False}).encode(); b2 = json.dumps({"engaged": r % 2 == 0}).encode()
    s = conn(); s.sendall(head("POST", "/v1/kill-switch", h, len(b1)) + b1 + head("POST", "/v1/kill-switch", h, len(b2)) + b2[:2])
    hd1, _, _ = readresp(s); time.sleep(0.2); revoke(name); s.sendall(b2[2:]); hd, bd, _ = readresp(s); s.close()
    idx, late = landed_after_revoke(name)
    if late or hd.startswith("HTTP/1.1 200"): landed += 1; print("  LATE", hd.split("\r\n")[0], bd[:200])
rec("pipe", "pipelined second request, revoke mid-body", "held" if landed == 0 else "HOLE", f"{landed} of {M}")
# 5: sign-in with body held across the revocation
opened = 0; M = 3
for r in range(M):
    name, tok = fresh("approver"); body = json.dumps({"token": tok}).encode()
    s = conn(); s.sendall(head("POST", "/console/session", {}, len(body)) + body[:5]); time.sleep(0.2); revoke(name)
    s.sendall(body[5:]); hd, bd, _ = readresp(s); s.close()
    if "fe_session=" in hd and "Max-Age=0" not in hd: opened += 1; print("  OPEN", hd.split("\r\n")[0], bd[:200])
rec("signin-held", "sign-in body held across revoke", "held" if opened == 0 else "HOLE", f"{opened} of {M} sessions opened")
# 6: sign-in racing revoke; any session opened -> use it to write
wrote = 0; opened = 0; M = 6
import threading
for r in range(M):
    name, tok = fresh("admin"); cookies = []
    def go():
        for _ in range(15):
            try:
                st, c, bd = signin(tok)
                if c: cookies.append((c, bd))
            except Exception: pass
    ts = [threading.Thread(target=go) for _ in range(3)]
    [t.start() for t in ts]; time.sleep(0.05 * (r % 3)); revoke(name); [t.join() for t in ts]
    for c, bd in cookies[-5:]:
        csrf = json.loads(bd).get("csrf") or json.loads(bd).get("csrf_token")
        h = {"Cookie": "fe_session=" + c, "X-CSRF-Token": str(csrf), "Origin": f"http://127.0.0.1:{port}"}
        body = json.dumps({"engaged": False}).encode()
        s = conn(); s.sendall(head("POST", "/v1/kill-switch", h, len(body)) + body); hd, bd2, _ = readresp(s); s.close()
        if hd.startswith("HTTP/1.1 200"): wrote += 1; print("  WROTE", hd.split("\r\n")[0])
    idx, late = landed_after_revoke(name)
    late = [e for e in late if "session" in json.dumps(e)]
    if late: opened += 1; print("  LATE session events", [json.dumps(e)[:300] for e in late[:3]])
rec("signin-race", "sign-in racing revoke, then write", "held" if wrote == 0 and opened == 0 else "HOLE", f"rounds with late session events {opened} of {M}; writes by such sessions {wrote}")
# 7: sign-out after revocation (DELETE /console/session): journals?
name, tok = fresh(); h = auth_hdrs("session", name, tok); revoke(name)
s = conn(); s.sendall(head("DELETE", "/console/session", h, 0)); hd, bd, _ = readresp(s); s.close()
idx, late = landed_after_revoke(name)
rec("signout", "sign-out after revoke", "held" if not late else "CHECK", f"{hd.splitlines()[0]}; late events {[e.get('kind') for e in late]}")
# 8: reverse: live credentials still write
name, tok = fresh(); ok = 0
for kind in ("bearer", "session"):
    h = auth_hdrs(kind, name, tok)
    for eng in (True, False):
        body = json.dumps({"engaged": eng}).encode(); s = conn(); s.sendall(head("POST", "/v1/kill-switch", h, len(body)) + body[:3]); time.sleep(0.1); s.sendall(body[3:]); hd, bd, _ = readresp(s); s.close()
        ok += hd.startswith("HTTP/1.1 200")
rec("live", "live credential slow-body kill switch", "held" if ok == 4 else "FALSE REFUSAL", f"{ok} of 4 accepted")
srv.send_signal(signal.SIGTERM); srv.wait(timeout=10)
print("RESULTS", json.dumps(results)); print("dir", D)
