#!/usr/bin/env python3
"""Soak: one serve on SQLite WITH a seal key, C clients doing rounds of
thermo permit -> report executed -> undo (permit) -> report; pay defer -> approve -> release -> report;
spend permit (every 3rd reported failed, else left unreported); policy reload each minute (alternating file).
RSS (VmRSS, RssAnon) and fd count sampled each minute. Stops by itself after SECS.
SOAK_POLICY picks another policy (soak_policy_short.yaml: 2-minute budgets, so window entries leave memory after
2 min + ADR-376's hour); FOUREYES_REQUEST_MEMORY (e.g. 10m) is passed to serve (ADR-373)."""
import json, os, sys, threading, time, subprocess, random, shutil, urllib.request, urllib.error
B = os.environ.get("FOUREYES_BIN", "/work/attack20/bin/foureyes"); SECS = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
C = int(sys.argv[2]) if len(sys.argv) > 2 else 3; PORT = int(os.environ.get("SOAK_PORT", "18821"))
d = os.environ.get("SOAK_DIR", "/tmp/attack20-soak"); shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
here = os.path.dirname(os.path.abspath(__file__))
pol = f"{d}/policy.yaml"; shutil.copy(os.environ.get("SOAK_POLICY", f"{here}/soak_policy.yaml"), pol)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=pol)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env["FOUREYES_SEAL_KEY"] = f"{d}/keys/seal.key"
def tok(n, r):
    o = subprocess.run([B, "token", "create", "--name", n, "--role", r], env=env, capture_output=True, text=True).stdout
    return [l for l in o.split() if l.startswith("fe_") or l.startswith("fe.")][0]
agent = tok("bot", "agent"); appr = tok("alice", "approver"); admin = tok("root", "admin")
log = open(f"{d}/serve.log", "ab")
p = subprocess.Popen(["nice", "-n", "5", B, "serve", "--listen", f"127.0.0.1:{PORT}"], env=env, stdout=log, stderr=log)
open(f"{d}/serve.pid", "w").write(str(p.pid))
for _ in range(200):
    try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=1); break
    except Exception: time.sleep(0.1)
def call(m, path, t, body=None):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=m, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + t, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r: return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        try: return e.code, json.loads(e.read())
        except Exception: return e.code, None
    except Exception as e: return -1, str(e)
stats = {"req": 0, "err": 0, "decisions": 0, "rounds": 0}; errs = []; lock = threading.Lock(); stop = threading.Event()
permits = {}  # rid -> decision id
def rec(st, b, rid=None, want=(200,)):
    with lock:
        stats["req"] += 1
        if st not in want: stats["err"] += 1; errs.append((rid, st, str(b)[:200]))
        if rid and isinstance(b, dict) and "decision_id" in b:
            stats["decisions"] += 1 if not b.get("replayed") else 0
            if b.get("verdict") == "permit":
                if rid in permits and permits[rid] != b["decision_id"]: errs.append(("DUP", rid, permits[rid], b["decision_id"]))
                permits[rid] = b["decision_id"]
def worker(k):
    i = 0
    while not stop.is_set():
        i += 1; base = f"c{k}r{i}"
        st, b = call("POST", "/v1/decide", agent, {"request_id": base + "t", "action": "thermo", "params": {"celsius": 20, "n": base}}); rec(st, b, base + "t")
        if st == 200 and b.get("verdict") == "permit":
            did = b["decision_id"]
            st, b = call("POST", f"/v1/decisions/{did}/report", agent, {"outcome": "executed", "detail": {"before": {"celsius": 19}}}); rec(st, b)
            st, b = call("POST", f"/v1/decisions/{did}/undo", agent, {"request_id": base + "u"}); rec(st, b, base + "u")
            if st == 200 and isinstance(b, dict) and b.get("verdict") == "permit":
                st, b = call("POST", f"/v1/decisions/{b['decision_id']}/report", agent, {"outcome": "executed"}); rec(st, b)
        st, b = call("POST", "/v1/decide", agent, {"request_id": base + "p", "action": "pay", "params": {"amount_eur": 5, "n": base}}); rec(st, b, base + "p")
        if st == 200 and b.get("verdict") == "defer" and i % 4 == 1:
            st2, b2 = call("POST", f"/v1/approvals/{b['approval_id']}/reject", appr, {"reason": "no"}); rec(st2, b2)
            with lock: stats["rejects"] = stats.get("rejects", 0) + 1
        elif st == 200 and b.get("verdict") == "defer":
            st2, b2 = call("POST", f"/v1/approvals/{b['approval_id']}/approve", appr, {"digest": b["digest"]}); rec(st2, b2)
            st, b = call("POST", "/v1/decide", agent, {"request_id": base + "p", "action": "pay", "params": {"amount_eur": 5, "n": base}}); rec(st, b, base + "p")
            if st == 200 and b.get("verdict") == "permit":
                st, b = call("POST", f"/v1/decisions/{b['decision_id']}/report", agent, {"outcome": "executed"}); rec(st, b)
        st, b = call("POST", "/v1/decide", agent, {"request_id": base + "s", "action": "spend", "params": {"amount_eur": 1, "n": base}}); rec(st, b, base + "s")
        if i % 3 == 0 and st == 200 and b.get("verdict") == "permit":
            st, b = call("POST", f"/v1/decisions/{b['decision_id']}/report", agent, {"outcome": "failed"}); rec(st, b)
        with lock: stats["rounds"] += 1
        time.sleep(0.02)
ts = [threading.Thread(target=worker, args=(k,)) for k in range(C)]; [t.start() for t in ts]
# SOAK_PARTS: which `foureyes_door_memory_entries{part}` to print (space-separated), e.g. "decisions request_ids expired".
PARTS = os.environ.get("SOAK_PARTS", "decisions request_ids window_entries releasable").split()
t0 = time.time(); out = open(os.environ.get("SOAK_TABLE", "/work/attack20/soak_table.txt"), "w")
def sample(minute):
    st = open(f"/proc/{p.pid}/status").read()
    g = lambda k: [l.split()[1] for l in st.splitlines() if l.startswith(k + ":")][0]
    fds = len(os.listdir(f"/proc/{p.pid}/fd"))
    held = {}
    try:
        for l in urllib.request.urlopen(f"http://127.0.0.1:{PORT}/metrics", timeout=10).read().decode().splitlines():
            if l.startswith("foureyes_door_memory_entries{part="): held[l.split('"')[1]] = int(float(l.split()[-1]))
    except Exception: pass
    parts = " ".join(f"{held.get(k, '-')}" for k in PARTS)
    with lock: line = f"{minute:3d} | {stats['decisions']:8d} | {stats['req']:8d} | {int(g('VmRSS'))//1024:5d} MiB | {int(g('RssAnon'))//1024:5d} MiB ({int(g('RssAnon')):7d} kB) | {int(g('VmHWM'))//1024:5d} MiB | {fds:4d} | {stats['err']} | {parts}"
    out.write(line + "\n"); out.flush(); print(line, flush=True)
out.write(f"min | decisions | requests | VmRSS | RssAnon | VmHWM | fds | client errors | held: {' '.join(PARTS)} (/metrics)\n")
sample(0); m = 0
while time.time() - t0 < SECS and p.poll() is None:
    time.sleep(max(0, t0 + (m + 1) * 60 - time.time())); m += 1
    if p.poll() is not None: break
    sample(m)
    # reload: flip a budget figure in the policy file and POST /v1/policy/reload
    txt = open(pol).read(); txt = txt.replace("100000000", "99999999") if m % 2 else txt.replace("99999999", "100000000"); open(pol, "w").write(txt)
    st, b = call("POST", "/v1/policy/reload", admin); 
    if st != 200: errs.append(("reload", st, str(b)[:200]))
stop.set(); [t.join() for t in ts]
alive = p.poll() is None
p.terminate(); p.wait()
print("serve alive at end:", alive, "rounds", stats["rounds"], "errors", stats["err"], errs[:10])
# end checks
r = subprocess.run([B, "decisions", "list", "--all", "--json"], env=env, capture_output=True, text=True)
try:
    ds = json.loads(r.stdout); per = {}
    for x in ds:
        if x["verdict"] == "permit": per.setdefault((x["request_id"], x.get("undo_of")), []).append(x["decision_id"])
    dups = {k: v for k, v in per.items() if len(v) > 1}
    alldids = {i for v in per.values() for i in v}
    lost = [rid for rid, did in permits.items() if did not in alldids]
    print("decisions listed", len(ds), "permits", sum(len(v) for v in per.values()), "dup", len(dups), list(dups.items())[:5], "acked permits", len(permits), "lost", len(lost), lost[:5])
except Exception as e: print("list failed", e, r.stderr[:300])
for c in (["journal", "verify"], ["journal", "audit"]):
    r = subprocess.run([B] + c, env=env, capture_output=True, text=True); print(c, r.returncode, (r.stdout + r.stderr).strip()[-300:])
out.write(f"end: rounds {stats['rounds']} errors {stats['err']} {errs[:5]}\n"); out.close()
