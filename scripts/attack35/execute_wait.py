#!/usr/bin/env python3
# attack35: deferred execute / wait across an agent's revocation. Usage: FOUREYES_BIN=... execute_wait.py
import os, sys, subprocess, json, time, re, tempfile, signal, threading, urllib.request
B = os.environ.get("FOUREYES_BIN", "/work/attack35/bin/foureyes")
D = tempfile.mkdtemp(prefix="a35e-", dir="/tmp/attack35")
os.environ["FOUREYES_DB"] = D + "/fe.db"; os.environ["FOUREYES_POLICY"] = D + "/policy.yaml"
MK = D + "/ran"
open(D + "/policy.yaml", "w").write(f"""version: 1
defaults:
  approvals: {{ required: 1, ttl: 24h }}
actions:
  files.touch:
    tier: 3
    params:
      n: {{ type: string, pattern: "^[a-z0-9]+$" }}
    execute:
      command:
        argv: ["/bin/sh", "-c", 'sleep 1; echo "$0" >> {MK}', "{{{{ params.n }}}}"]
        timeout: 5s
        success_exit: [0]
  plain.pay:
    tier: 3
    params: {{ amt: {{ type: number, min: 0, max: 10 }} }}
""")
def cli(*a): return subprocess.run([B, *a], capture_output=True, text=True, timeout=60)
def mk(name, role, *extra):
    r = cli("token", "create", "--name", name, "--role", role, *extra); return re.search(r"fe_[0-9a-f]+", r.stdout).group(0)
def revoke(name): r = cli("token", "revoke", name); assert r.returncode == 0, r.stderr
mk("boot", "admin"); appr = mk("appr", "approver")
srv = subprocess.Popen([B, "serve", "--listen", "127.0.0.1:0"], stdout=open(D + "/serve.log", "w"), stderr=subprocess.STDOUT)
port = None
for _ in range(100):
    time.sleep(0.1); m = re.search(r"http://127.0.0.1:(\d+)", open(D + "/serve.log").read())
    if m: port = int(m.group(1)); break
def call(method, path, tok, body=None, timeout=20):
    r = _call(method, path, tok, body, timeout)
    if isinstance(r[1], dict) and r[1].get("approval_id") and r[1].get("digest"): DIG[r[1]["approval_id"]] = r[1]["digest"]
    return r
def _call(method, path, tok, body=None, timeout=20):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r: return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"{}")
def events(): return [json.loads(l) for l in cli("journal", "export", "-").stdout.splitlines() if l.strip()]
def ran(): return open(MK).read().split() if os.path.exists(MK) else []
res = []
def rec(*a): res.append(a); print(*a, flush=True)
DIG = {}
def approve(aid):
    return call("POST", f"/v1/approvals/{aid}/approve", appr, {"digest": DIG[aid]})
# A: execute deferred, approved, agent revoked, agent re-sends -> must not run
bad = 0; M = 2
for r in range(M):
    nm = f"ag{r}"; tok = mk(nm, "agent"); n = f"a{r}"
    st, d = call("POST", "/v1/execute", tok, {"request_id": n, "action": "files.touch", "params": {"n": n}})
    aid = d.get("approval_id"); st2, d2 = approve(aid)
    if r == 0: print("  defer", st, json.dumps(d)[:300], "approve", st2, json.dumps(d2)[:200])
    revoke(nm)
    st3, d3 = call("POST", "/v1/execute", tok, {"request_id": n, "action": "files.touch", "params": {"n": n}})
    time.sleep(1.5)
    if n in ran(): bad += 1; print("  RAN", st3, json.dumps(d3)[:300])
    elif r == 0: print("  re-send", st3, json.dumps(d3)[:200])
rec("exec-release-after-revoke", "held" if bad == 0 else "HOLE", f"{bad} of {M} ran")
# B: /wait open before revoke (execute and plain), approval after revoke
for act, params in (("files.touch", None), ("plain.pay", {"amt": 1})):
    bad = 0; M = 2; late_ev = 0
    for r in range(M):
        nm = f"w{act[0]}{r}"; tok = mk(nm, "agent"); n = f"w{act[0]}{r}"
        p = params or {"n": n}
        st, d = call("POST", "/v1/execute" if act == "files.touch" else "/v1/decide", tok, {"request_id": n, "action": act, "params": p})
        did = d.get("decision_id") or d.get("id"); aid = d.get("approval_id")
        out = {}
        th = threading.Thread(target=lambda: out.update(w=call("GET", f"/v1/decisions/{did}/wait?timeout=6s", tok, timeout=15)))
        th.start(); time.sleep(0.5); revoke(nm); time.sleep(0.2); a = approve(aid); th.join()
        time.sleep(1.5)
        ev = events(); idx = max(i for i, e in enumerate(ev) if e["kind"] == "credential" and e["data"].get("name") == nm and e["data"].get("action") == "revoked")
        late = [e for e in ev[idx + 1:] if json.dumps(e["data"]).find(f'"{nm}"') >= 0 and e["kind"] != "refused"]
        if r == 0: print("  wait ->", json.dumps(out.get("w"))[:300], "approve", a[0], [ (e["kind"], e["data"].get("action") or e["data"].get("verdict")) for e in late][:5])
        if n in ran(): bad += 1
        late_ev += len([e for e in late if e["kind"] not in ("approved", "approval", "vote")])
    rec(f"wait-{act}", "held" if bad == 0 else "HOLE", f"{bad} of {M} ran; later events naming agent: {late_ev}")
# C: execute in flight, revoke during the run (by design the door records it)
nm = "fl"; tok = mk(nm, "agent"); mk("flappr", "approver")
st, d = call("POST", "/v1/execute", tok, {"request_id": "fl1", "action": "files.touch", "params": {"n": "fl1"}}); approve(d.get("approval_id"))
out = {}
th = threading.Thread(target=lambda: out.update(x=call("POST", "/v1/execute", tok, {"request_id": "fl1", "action": "files.touch", "params": {"n": "fl1"}})))
th.start(); time.sleep(0.4); revoke(nm); th.join(); time.sleep(1.2)
rec("exec-inflight", "info", f"ran={'fl1' in ran()} answer={json.dumps(out.get('x'))[:250]}")
# D: live agent reverse check
tok = mk("live", "agent"); st, d = call("POST", "/v1/execute", tok, {"request_id": "lv", "action": "files.touch", "params": {"n": "lv"}}); approve(d.get("approval_id"))
st, d = call("POST", "/v1/execute", tok, {"request_id": "lv", "action": "files.touch", "params": {"n": "lv"}}); time.sleep(1.2)
rec("live-exec", "held" if "lv" in ran() else "FALSE REFUSAL", f"status {st} ran={'lv' in ran()}")
srv.send_signal(signal.SIGTERM); srv.wait(timeout=10); print("RESULTS", json.dumps(res)); print("dir", D)
