#!/usr/bin/env python3
"""HOLE (F78's class, change control): an integer beyond 2^64 as a double (u64::MAX = 18446744073709551615) in a
workspace manifest's `bytes` is journaled as the double 18446744073709552000, which no reader takes back as a u64
("`task_created` event data: invalid number"). After it no door decides. Variants:
  admin   : POST /v1/tasks (admin) with the baseline manifest carrying it
  runner  : task created and an agent's proposal applied and confirmed normally, then the runner's `check/record`
            with `result.duration_ms` and `result.output_bytes` = u64::MAX ("invalid type: integer
            `18446744073709552000` as u128"). (`written[].bytes` in a confirm is checked first: hash_mismatch, held.)
In both, the RUNNING serve answers the next decide 503 at once; after a restart it does not start; CLI decide exits 7;
`journal audit` exits 7 while `journal verify` exits 0.
usage: FOUREYES_BIN=... python3 taskbig21.py [admin|runner ...]"""
import hashlib, json, os, shutil, signal, subprocess, sys, urllib.request, urllib.error
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18964; BIG = "18446744073709551615"
def raw(tok, path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{P}{path}", data=body.encode(), headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e: return e.code, e.read()[:300]
for case in (sys.argv[1:] or ["admin", "runner"]):
    d = f"/tmp/attack21-taskbig/{case}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(f"{d}/ws"); os.chdir(d)
    subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
    admin = H.token(env, "root", "admin"); runner = H.token(env, "ci", "runner"); agent = H.token(env, "bot", "agent")
    p = H.start(env, P, log=f"{d}/serve.log")
    cfg = {"workspace": f"{d}/ws", "check_command": "true", "check_timeout_ms": 1000, "sensitive": [], "writable": [], "network": False, "unsandboxed": True,
           "deliver": f"{d}/dl", "limits": {"processes": 10, "memory_bytes": 100000000, "disk_bytes": 1000000, "cpu_seconds": 10}}
    steps = []
    if case == "admin":
        body = json.dumps({"task_id": "t1", "config": cfg, "workspace": {"files": [{"path": "a.txt", "sha256": "0" * 64, "bytes": "BIG", "mode": 420}]}}).replace('"BIG"', BIG)
        steps.append(("admin create", raw(admin, "/v1/tasks", body)))
    else:
        steps.append(("admin create", raw(admin, "/v1/tasks", json.dumps({"task_id": "t1", "config": cfg, "workspace": {"files": []}}))))
        steps.append(("agent propose", raw(agent, "/v1/tasks/t1/propose", json.dumps({"command_id": "p1", "expected_revision": 0, "files": [{"path": "a.txt", "content": "x"}]}))))
        st, prop = raw(runner, "/v1/tasks/t1/proposal", "") if False else (None, None)
        req = urllib.request.Request(f"http://127.0.0.1:{P}/v1/tasks/t1/proposal", headers={"Authorization": "Bearer " + runner})
        prop = json.loads(urllib.request.urlopen(req, timeout=20).read())
        dig = prop.get("digest") or prop.get("change_digest")
        st, ap = raw(runner, "/v1/tasks/t1/apply", json.dumps({"command_id": "a1", "expected_revision": 1, "change_digest": dig})); steps.append(("runner apply", (st, ap)))
        rev = ap.get("revision", 1) if isinstance(ap, dict) else 1
        sha = hashlib.sha256(b"x").hexdigest()
        ws = {"files": [{"path": "a.txt", "sha256": sha, "bytes": 1, "mode": 420}]}
        body = json.dumps({"command_id": "a1", "expected_revision": rev, "written": [{"path": "a.txt", "sha256": sha, "bytes": 1}], "workspace": ws})
        st, cf = raw(runner, "/v1/tasks/t1/apply/confirm", body); steps.append(("runner confirm", (st, cf)))
        rev = cf.get("revision", rev) if isinstance(cf, dict) else rev
        st, ck = raw(runner, "/v1/tasks/t1/check", json.dumps({"command_id": "k1", "expected_revision": rev})); steps.append(("runner check", (st, ck)))
        result = {"exit_code": 0, "timed_out": False, "duration_ms": "BIG", "output_sha256": "0" * 64, "output_bytes": "BIG", "output_tail": "", "sandbox": os.environ.get("SANDBOX", "none"), "limits": "x", "limit_hit": None}
        body = json.dumps({"command_id": "k1", "expected_revision": rev, "result": result, "before": ws, "after": ws}).replace('"BIG"', BIG)
        steps.append(("runner check/record", raw(runner, "/v1/tasks/t1/check/record", body)))
    st2, _ = H.post(P, agent, "/v1/decide", {"request_id": "same", "action": "thermo", "params": {"celsius": 20}})
    p.send_signal(signal.SIGTERM); p.wait(); p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
    if up: p.send_signal(signal.SIGTERM); p.wait()
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z", "--json"], env=env, capture_output=True, text=True)
    v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
    for n, (st, b) in steps: print(f"  {n}: {st} {str(b)[:300]}")
    print(f"{case}: same serve next decide {st2}; RESULT after restart: serve starts {up}; CLI decide rc {r.returncode} {r.stderr.strip()[-150:]!r}; verify rc {v.returncode}; audit rc {a.returncode}", flush=True)
