#!/usr/bin/env python3
"""mem1 (issue 19): the `faults_soak` workload outside the test harness, with a per-minute table of what grows.

One `foureyes serve` on SQLite with the seal key, C clients each running the test's round (create -> report executed
-> undo; pay -> defer -> approve -> release), a policy reload each minute, and each minute a row of: decisions and
requests so far, VmRSS, RssAnon, every `foureyes_door_memory_entries{part}`, `foureyes_door_memory_table_bytes`.

  FOUREYES_BIN=target/debug/foureyes python3 scripts/mem1/soak_faults.py SECS CLIENTS

Environment: SOAK_DIR (default /tmp/mem1/soak), SOAK_PORT (18931), SOAK_TABLE (SOAK_DIR/table.txt), SOAK_PAUSE_MS
(0), SOAK_POLICY (a policy file instead of the test's), SOAK_REPORT=1 (the agent also reports its undo and its
released payment, as an agent that tells the door what it did), SOAK_WRAP (a command prefix for serve, e.g.
"heaptrack -o /tmp/mem1/ht"), and any FOUREYES_* / MALLOC_* variable, passed to serve as is.
Stops by itself after SECS; stops serve (by its pid) at the end; then checks one permit per request id, `journal
verify` and `journal audit`."""
import json, os, shlex, shutil, signal, subprocess, sys, threading, time, urllib.error, urllib.request

POLICY = """version: 1
timezone: UTC
actions:
  calendar.create:
    tier: 1
    params:
      title: { type: string, max_len: 100 }
    compensate: { action: calendar.delete, window: 15m }
    limits: [ { count: 1000000, per: 1h } ]
  calendar.delete:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits: [ { count: 1000000, per: 1h } ]
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    approvals: { required: 1, ttl: 1h }
"""
PARTS = ["decisions", "request_ids", "releasable", "held_by", "window_entries", "keys", "approvals", "deadlines",
         "expired", "started", "undone", "demotions", "denials", "to_seal"]

B = os.environ.get("FOUREYES_BIN", "target/debug/foureyes")
B = os.path.abspath(B)
SECS = int(sys.argv[1]) if len(sys.argv) > 1 else 600
C = int(sys.argv[2]) if len(sys.argv) > 2 else 4
PORT = int(os.environ.get("SOAK_PORT", "18931"))
PAUSE = int(os.environ.get("SOAK_PAUSE_MS", "0")) / 1000.0
REPORT = os.environ.get("SOAK_REPORT", "0") == "1"
d = os.environ.get("SOAK_DIR", "/tmp/mem1/soak")
shutil.rmtree(d, ignore_errors=True)
os.makedirs(d)
pol = f"{d}/policy.yaml"
if os.environ.get("SOAK_POLICY"):
    shutil.copy(os.environ["SOAK_POLICY"], pol)
else:
    open(pol, "w").write(POLICY)
key = f"{d}/seal.key"
open(key, "w").write("5e" * 32 + "\n")
env = {k: v for k, v in os.environ.items() if k not in ("FOUREYES_TOKEN", "FOUREYES_LISTEN")}
env.update(FOUREYES_DB=f"{d}/fe.db", FOUREYES_POLICY=pol, FOUREYES_SEAL_KEY=key)


def tok(name, role):
    out = subprocess.run([B, "token", "create", "--name", name, "--role", role, "--json"], env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["token"]


agent, appr, admin = tok("agent", "agent"), tok("alice", "approver"), tok("root", "admin")
log = open(f"{d}/serve.log", "ab")
wrap = shlex.split(os.environ.get("SOAK_WRAP", ""))
p = subprocess.Popen(wrap + [B, "serve", "--listen", f"127.0.0.1:{PORT}"], env=env, stdout=log, stderr=log)
open(f"{d}/serve.pid", "w").write(str(p.pid))
for _ in range(600):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=1)
        break
    except Exception:
        time.sleep(0.1)


def serve_pid():
    """The serve process itself (under SOAK_WRAP, the wrapper's child running the binary)."""
    if not wrap:
        return p.pid
    for _ in range(50):
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
            except OSError:
                continue
            if cmd and cmd[0] == B.encode() and b"serve" in cmd and f"127.0.0.1:{PORT}".encode() in cmd:
                return int(pid)
        time.sleep(0.1)
    return p.pid


SPID = serve_pid()


def call(method, path, token, body=None):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read())
        except Exception:
            return e.code, None
    except Exception as e:
        return -1, str(e)


stats = {"req": 0, "err": 0, "decisions": 0, "rounds": 0}
errs = []
permits = {}
lock = threading.Lock()
stop = threading.Event()


def rec(st, b, rid=None):
    with lock:
        stats["req"] += 1
        if st != 200:
            stats["err"] += 1
            errs.append((rid, st, str(b)[:200]))
        if rid and isinstance(b, dict) and "decision_id" in b:
            stats["decisions"] += 0 if b.get("replayed") else 1
            if b.get("verdict") == "permit":
                if rid in permits and permits[rid] != b["decision_id"]:
                    errs.append(("DUP", rid, permits[rid], b["decision_id"]))
                permits[rid] = b["decision_id"]


def worker(k):
    n = 0
    while not stop.is_set():
        n += 1
        st, c = call("POST", "/v1/decide", agent,
                     {"request_id": f"c{k}-{n}", "action": "calendar.create", "params": {"title": "t"}})
        rec(st, c, f"c{k}-{n}")
        if st != 200 or c.get("verdict") != "permit":
            continue
        st, b = call("POST", f"/v1/decisions/{c['decision_id']}/report", agent, {"outcome": "executed"})
        rec(st, b)
        st, u = call("POST", "/v1/decide", agent, {"request_id": f"u{k}-{n}", "action": "calendar.delete",
                                                   "params": {"title": "t"}, "undo_of": c["decision_id"]})
        rec(st, u, f"u{k}-{n}")
        if REPORT and st == 200 and u.get("verdict") == "permit":
            st, b = call("POST", f"/v1/decisions/{u['decision_id']}/report", agent, {"outcome": "executed"})
            rec(st, b)
        pay = {"request_id": f"p{k}-{n}", "action": "payments.send", "params": {"amount_eur": 5}}
        st, df = call("POST", "/v1/decide", agent, pay)
        rec(st, df, f"p{k}-{n}")
        if st == 200 and df.get("verdict") == "defer":
            st, b = call("POST", f"/v1/approvals/{df['approval_id']}/approve", appr, {"digest": df["digest"]})
            rec(st, b)
            st, r = call("POST", "/v1/decide", agent, pay)
            rec(st, r, f"p{k}-{n}")
            if REPORT and st == 200 and r.get("verdict") == "permit":
                st, b = call("POST", f"/v1/decisions/{r['decision_id']}/report", agent, {"outcome": "executed"})
                rec(st, b)
        with lock:
            stats["rounds"] += 1
        if PAUSE:
            time.sleep(PAUSE)


def metrics():
    held, table = {}, "-"
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{PORT}/metrics", timeout=30).read().decode()
    except Exception:
        return held, table
    for line in text.splitlines():
        if line.startswith("foureyes_door_memory_entries{part="):
            held[line.split('"')[1]] = int(float(line.split()[-1]))
        elif line.startswith("foureyes_door_memory_table_bytes "):
            table = int(float(line.split()[-1]))
    return held, table


out = open(os.environ.get("SOAK_TABLE", f"{d}/table.txt"), "w")


def status(key):
    for line in open(f"/proc/{SPID}/status").read().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return -1


def sample(minute):
    held, table = metrics()
    fds = len(os.listdir(f"/proc/{SPID}/fd"))
    with lock:
        line = (f"{minute:3d} | {stats['rounds']:7d} | {stats['decisions']:8d} | {stats['req']:8d} | "
                f"{status('VmRSS') // 1024:4d} | {status('RssAnon'):7d} | {fds:3d} | {stats['err']} | "
                f"{table} | " + " ".join(str(held.get(k, "-")) for k in PARTS))
    out.write(line + "\n")
    out.flush()
    print(line, flush=True)


out.write(f"# {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())} bin={B} secs={SECS} clients={C} "
          f"pause_ms={int(PAUSE * 1000)} report={int(REPORT)} wrap={' '.join(wrap)} "
          f"env={ {k: v for k, v in os.environ.items() if k.startswith(('FOUREYES_REQUEST', 'MALLOC', 'GLIBC'))} }\n")
out.write("min | rounds | decisions | requests | VmRSS MiB | RssAnon kB | fds | client errors | table bytes | "
          + " ".join(PARTS) + "\n")
threads = [threading.Thread(target=worker, args=(k,)) for k in range(C)]
for t in threads:
    t.start()
t0 = time.time()
sample(0)
m = 0
while time.time() - t0 < SECS and p.poll() is None:
    time.sleep(max(0.0, t0 + (m + 1) * 60 - time.time()))
    m += 1
    if p.poll() is not None:
        break
    sample(m)
    st, b = call("POST", "/v1/policy/reload", admin)
    if st != 200:
        errs.append(("reload", st, str(b)[:200]))
stop.set()
for t in threads:
    t.join()
alive = p.poll() is None
if SPID != p.pid:
    os.kill(SPID, signal.SIGTERM)  # under SOAK_WRAP the wrapper does not pass SIGTERM on: stop serve itself
os.kill(p.pid, signal.SIGTERM)
try:
    p.wait(timeout=120)
except subprocess.TimeoutExpired:
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
summary = [f"serve alive at end: {alive}; rounds {stats['rounds']}; requests {stats['req']}; "
           f"client errors {stats['err']} {errs[:5]}"]
r = subprocess.run([B, "decisions", "list", "--all", "--json"], env=env, capture_output=True, text=True)
try:
    ds = json.loads(r.stdout)
    ds = ds if isinstance(ds, list) else ds["decisions"]
    per = {}
    for x in ds:
        if x["verdict"] == "permit":
            per.setdefault(x["request_id"], []).append(x["decision_id"])
    dups = {k: v for k, v in per.items() if len(v) > 1}
    ids = {i for v in per.values() for i in v}
    lost = [rid for rid, did in permits.items() if did not in ids]
    summary.append(f"decisions listed {len(ds)}; permits {len(ids)}; request ids permitted twice {len(dups)}; "
                   f"acknowledged permits {len(permits)}; lost {len(lost)} {lost[:5]}")
except Exception as e:
    summary.append(f"list failed: {e} {r.stderr[:300]}")
for c in (["journal", "verify"], ["journal", "audit"]):
    r = subprocess.run([B] + c, env=env, capture_output=True, text=True)
    summary.append(f"{' '.join(c)}: exit {r.returncode} {(r.stdout + r.stderr).strip()[-200:]}")
for s in summary:
    print(s)
    out.write("# " + s + "\n")
out.close()
