#!/usr/bin/env python3
"""Slow-body writes straddling a revocation (ADR-392). Usage: slow_body_revoke.py DB PORT ROUNDS
Needs FOUREYES_BIN. A serve must run on DB at 127.0.0.1:PORT with the built-in home policy.
Per round: fresh approver (bearer) and fresh approver (console session) + an agent deferral; each opens an
approve request, sends headers + half the body, the credential is revoked (CLI), then the rest is sent.
Also: an agent's decide with a slow body straddling the agent's revocation."""
import json, os, socket, subprocess, sys, time, urllib.request
F = os.environ["FOUREYES_BIN"]; DB, PORT, ROUNDS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def cli(*a):
    return subprocess.run([F, "--db", DB, *a], capture_output=True, text=True)
def mk(name, role):
    out = cli("token", "create", "--name", name, "--role", role).stdout
    return [l for l in out.split() if l.startswith("fe_")][0]
def req(method, path, body=None, headers={}):
    r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read() or b"null"), f.headers
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null"), e.headers
def slow(path, body, headers, between):
    b = json.dumps(body).encode(); s = socket.create_connection(("127.0.0.1", PORT))
    h = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(b)}\r\nConnection: close\r\n"
    h += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    s.sendall(h.encode() + b[: len(b) // 2]); time.sleep(0.3); between(); time.sleep(0.1); s.sendall(b[len(b) // 2 :])
    data = b"";
    while True:
        c = s.recv(65536)
        if not c: break
        data += c
    s.close(); return data.decode(errors="replace").split("\r\n")[0], data.decode(errors="replace").split("\r\n\r\n",1)[-1][:200]
tag = str(int(time.time()))
late = 0; tried = 0
for r in range(ROUNDS):
    bot = mk(f"sbot{tag}{r}", "agent")
    st, d, _ = req("POST", "/v1/decide", {"request_id": f"p{tag}{r}", "action": "payments.send", "params": {"amount_eur": 120.5, "payee": "ACME"}}, {"Authorization": "Bearer " + bot})
    aid, dig = d.get("approval_id"), d.get("digest") or (d.get("approval") or {}).get("digest")
    if aid is None: print("no approval", d); sys.exit(1)
    # bearer approver
    n1 = f"sa{tag}{r}"; t1 = mk(n1, "approver")
    print("bearer vote:", slow(f"/v1/approvals/{aid}/approve", {"digest": dig}, {"Authorization": "Bearer " + t1}, lambda: cli("token", "revoke", n1)))
    # session approver
    n2 = f"ss{tag}{r}"; t2 = mk(n2, "approver")
    st, d2, hd = req("POST", "/console/session", {"token": t2})
    cookie = hd["Set-Cookie"].split(";")[0]; csrf = d2.get("csrf") or d2.get("csrf_token")
    st, s2, _ = req("GET", "/console/session", None, {"Cookie": cookie})
    csrf = csrf or s2.get("csrf") or s2.get("csrf_token")
    print("session vote:", slow(f"/v1/approvals/{aid}/approve", {"digest": dig}, {"Cookie": cookie, "X-CSRF-Token": str(csrf)}, lambda: cli("token", "revoke", n2)))
    # agent decide
    n3 = f"sd{tag}{r}"; t3 = mk(n3, "agent")
    print("decide:", slow("/v1/decide", {"request_id": f"q{tag}{r}", "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 21}}, {"Authorization": "Bearer " + t3}, lambda: cli("token", "revoke", n3)))
    st, a, _ = req("GET", f"/v1/approvals/{aid}", None, {"Authorization": "Bearer " + bot})
    print("approval now:", json.dumps(a)[:300])
