#!/usr/bin/env python3
"""Numbers in change control's manifests (admin's task create; runner's check/record and finish): bytes/mode/
exit_code/duration_ms at 2^53+1, 2^63, 2^64-1, 1e308, -1, 1.5; after each: CLI decide, verify, audit; at the end
serve restarts.  usage: FOUREYES_BIN=... python3 tasknum21.py"""
import json, os, shutil, signal, subprocess, sys, urllib.request, urllib.error
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18963
d = "/tmp/attack21-tasknum"; shutil.rmtree(d, ignore_errors=True); os.makedirs(f"{d}/ws"); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
admin = H.token(env, "root", "admin"); runner = H.token(env, "ci", "runner"); p = H.start(env, P, log=f"{d}/serve.log")
def raw(tok, path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{P}{path}", data=body.encode(), headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, r.read()[:200]
    except urllib.error.HTTPError as e: return e.code, e.read()[:200]
CFG = json.dumps({"workspace": f"{d}/ws", "check_command": "true", "check_timeout_ms": 1000, "sensitive": [], "writable": [], "network": False, "unsandboxed": True, "deliver": f"{d}/dl", "limits": {"processes": 10, "memory_bytes": 100000000, "disk_bytes": 1000000, "cpu_seconds": 10}})
NUMS = ["9007199254740993", "9223372036854775808", "18446744073709551615", "1e308", "-1", "1.5", "1e400"]
res = []; bad = []
def health(tag):
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", tag, "--json"], env=env, capture_output=True, text=True)
    return r.returncode, H.sh(["journal", "verify"], env).returncode, H.sh(["journal", "audit"], env).returncode
for i, n in enumerate(NUMS):
    for field in ["bytes", "mode"]:
        f = {"path": "a.txt", "sha256": "0" * 64, "bytes": 1, "mode": 420}; f[field] = "NUM"
        body = '{"task_id":"t%d%s","config":%s,"workspace":{"files":[%s]}}' % (i, field, CFG, json.dumps(f).replace('"NUM"', n))
        st, r = raw(admin, "/v1/tasks", body); res.append(st)
        h = health(f"h{i}{field}")
        if h != (0, 0, 0) or st >= 500: bad.append((n, field, st, r[:80], h))
    cfgn = CFG.replace('"check_timeout_ms": 1000', '"check_timeout_ms": ' + n)
    st, r = raw(admin, "/v1/tasks", '{"task_id":"c%d","config":%s,"workspace":{"files":[]}}' % (i, cfgn)); res.append(st)
    h = health(f"c{i}")
    if h != (0, 0, 0) or st >= 500: bad.append((n, "check_timeout_ms", st, r[:80], h))
p.send_signal(signal.SIGTERM); p.wait(); p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
if up: p.send_signal(signal.SIGTERM); p.wait()
from collections import Counter
print(f"RESULT tasknum21: {len(res)} task creates with odd numbers, codes {dict(Counter(res))}; broken after: {bad or 'none'}; serve restarts {up}; end health {health('end')}")
