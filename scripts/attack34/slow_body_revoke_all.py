#!/usr/bin/env python3
"""Slow bodies straddling a revocation on every write endpoint, bearer and console session.
Usage: FOUREYES_BIN=... slow_body_revoke_all.py DB PORT. Prints each endpoint's answer; a 2xx is a write after revocation."""
import json, os, socket, subprocess, sys, time, urllib.request
F = os.environ["FOUREYES_BIN"]; DB, PORT = sys.argv[1], int(sys.argv[2])
def cli(*a): return subprocess.run([F, "--db", DB, *a], capture_output=True, text=True)
def mk(name, role, *extra):
    out = cli("token", "create", "--name", name, "--role", role, *extra).stdout
    return [l for l in out.split() if l.startswith("fe_")][0]
def req(method, path, body=None, headers={}):
    r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read() or b"null"), f.headers
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null"), e.headers
def slow(path, body, headers, between, method="POST"):
    b = json.dumps(body).encode() if body is not None else b"{}"; s = socket.create_connection(("127.0.0.1", PORT))
    h = f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(b)}\r\nConnection: close\r\n"
    h += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    s.sendall(h.encode() + b[: len(b) // 2]); time.sleep(0.3); between(); time.sleep(0.1)
    try: s.sendall(b[len(b) // 2 :])
    except Exception as e: pass
    data = b""
    while True:
        try: c = s.recv(65536)
        except Exception: break
        if not c: break
        data += c
    s.close(); t = data.decode(errors="replace"); return t.split("\r\n")[0] + " " + t.split("\r\n\r\n", 1)[-1][:160]
def session(tok):
    st, d, hd = req("POST", "/console/session", {"token": tok}); cookie = hd["Set-Cookie"].split(";")[0]
    csrf = d.get("csrf") or d.get("csrf_token")
    return {"Cookie": cookie, "X-CSRF-Token": str(csrf)}
tag = str(int(time.time()))
n = [0]
def fresh(role, *extra):
    n[0] += 1; name = f"w{tag}{n[0]}"; return name, mk(name, role, *extra)
def run(label, role, path, body, via="bearer", extra=()):
    name, tok = fresh(role, *extra)
    hd = {"Authorization": "Bearer " + tok} if via == "bearer" else session(tok)
    print(f"{label:32} {via:8}", slow(path, body, hd, lambda: cli("token", "revoke", name)))
botn, bot = fresh("agent")
def decide(action, params, rid):
    return req("POST", "/v1/decide", {"request_id": rid, "action": action, "params": params}, {"Authorization": "Bearer " + bot})[1]
for via in ["bearer", "session"]:
    run("kill-switch engage", "admin", "/v1/kill-switch", {"engaged": True}, via)
    st, ks, _ = req("GET", "/v1/kill-switch", None, {"Authorization": "Bearer " + bot}); print("   kill switch now:", ks)
    d = decide("payments.send", {"amount_eur": 120.5, "payee": "ACME"}, f"r{tag}{via}")
    run("approval revoke", "approver", f"/v1/approvals/{d['approval_id']}/revoke", {"why": "x"}, via)
    run("approval reject", "approver", f"/v1/approvals/{d['approval_id']}/reject", {"why": "x"}, via)
    run("policy reload", "admin", "/v1/policy/reload", None, via)
    run("sessions restore", "admin", "/v1/sessions/restore", {"agent": botn, "why": "x"}, via)
    run("mcp pin approve", "approver", "/v1/mcp/pins/approve", {"server": "s", "tool": "t", "sha256": "0"*64}, via)
    run("task create", "admin", "/v1/tasks", {"task_id": f"t{tag}{via}", "config": {}}, via)
# agent-side
run("mcp pin (agent)", "agent", "/v1/mcp/pins", {"server": "s", "tool": "t", "sha256": "1"*64})
run("mcp refusal (agent)", "agent", "/v1/mcp/refusals", {"code": "ambiguous_tool_call", "message": "m", "input": {}})
an, at = fresh("agent")
d = req("POST", "/v1/decide", {"request_id": f"c{tag}", "action": "climate.set_temperature", "params": {"zone": "living", "celsius": 21}}, {"Authorization": "Bearer " + at})[1]
print("decide:", d.get("verdict"), d.get("decision_id"))
print(f"{'report by revoked agent':41}", slow(f"/v1/decisions/{d['decision_id']}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}}, {"Authorization": "Bearer " + at}, lambda: cli("token", "revoke", an)))
