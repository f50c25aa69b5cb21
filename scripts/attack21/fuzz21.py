#!/usr/bin/env python3
"""F78 class: an agent's odd bytes on every endpoint. One fresh store per group; after each request: serve alive?
a CLI door decides? journal audit / verify agree? At the end of each group: serve restarted, it decides.
usage: FOUREYES_BIN=... [SKIPDEEP=1] python3 fuzz21.py [group ...]  (SKIPDEEP: leave out the nesting variants, deep21.py)   groups: decide report undo pins task raw"""
import json, os, shutil, signal, subprocess, sys, time, urllib.request, urllib.error
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18951
def rawpost(port, tok, path, data, ctype="application/json"):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers={"Authorization": "Bearer " + tok, "Content-Type": ctype})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, r.read()[:300]
    except urllib.error.HTTPError as e: return e.code, e.read()[:300]
    except Exception as e: return -1, str(e)[:100]
def deep(n, leaf=1):
    s = json.dumps(leaf)
    for _ in range(n): s = '{"a":' + s + '}'
    return s
def deeparr(n): return "[" * n + "1" + "]" * n
NUMS = ["9007199254740991", "-9007199254740991", "9007199254740992", "1.0", "1e0", "1E2", "1.5", "-0", "-0.0", "0.0",
        "1e308", "1e400", "-1e400", "5e-324", "1e-400", "9007199254740991.0", "9.007199254740991e15", "18446744073709551616",
        "123456789012345678901234567890", "\"1\"", "true", "[1]", "{}", "0.1e1", "1e-0", "00", "+1", "NaN", "Infinity"]
def groups(ids):
    g = {}
    th = lambda rid, extra: '{"request_id":"%s","action":"thermo","params":{"celsius":20}%s}' % (rid, extra)
    g["decide"] = []
    for i, n in enumerate(NUMS):
        g["decide"].append(("agent", "/v1/decide", th(f"a{i}", ',"approval_id":' + n)))
        g["decide"].append(("agent", "/v1/decide", th(f"u{i}", ',"undo_of":' + n)))
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"p%d","action":"thermo","params":{"celsius":20,"x":%s}}' % (i, n)))
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"pc%d","action":"thermo","params":{"celsius":%s}}' % (i, n)))
        g["decide"].append(("agent", "/v1/decide", th(f"e{i}", ',"evidence":{"x":%s,"y":[%s,{"z":%s}]}' % (n, n, n))))
        g["decide"].append(("agent", "/v1/decide", th(f"d{i}", ',"dry_run":' + n)))
    for d in ([] if os.environ.get("SKIPDEEP") else [60, 100, 118, 120, 122, 124, 125, 126, 127, 128]):
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"np%d","action":"thermo","params":{"celsius":20,"x":%s}}' % (d, deep(d - 3))))
        g["decide"].append(("agent", "/v1/decide", th(f"ne{d}", ',"evidence":{"x":%s}' % deep(d - 3))))
        g["decide"].append(("agent", "/v1/decide", th(f"na{d}", ',"evidence":{"x":%s}' % deeparr(d - 3))))
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"nu%d","action":"nosuch","params":{"x":%s}}' % (d, deep(d - 3))))
    for k, s in [("nul", "a\\u0000b"), ("sur", "\\ud800"), ("sur2", "\\udc00x"), ("pair", "\\ud83d\\ude00"), ("bom", "\\ufeff"), ("rtl", "\\u202e"), ("ctl", "\\u0001\\u001f\\u007f"), ("long", "x" * 256), ("long2", "x" * 257), ("nfc", "\\u00e9"), ("nfd", "e\\u0301")]:
        g["decide"].append(("agent", "/v1/decide", th("rid" + s, "")))
        g["decide"].append(("agent", "/v1/decide", th("t" + k, ',"target":"%s"' % s)))
        g["decide"].append(("agent", "/v1/decide", th("s" + k, ',"session":"%s"' % s)))
        g["decide"].append(("agent", "/v1/decide", th("k" + k, ',"evidence":{"%s":"%s"}' % (s, s))))
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"pk%s","action":"thermo","params":{"celsius":20,"%s":"%s"}}' % (k, s, s)))
        g["decide"].append(("agent", "/v1/decide", '{"request_id":"ac%s","action":"%s","params":{}}' % (k, s)))
    g["decide"] += [("agent", "/v1/decide", '{"request_id":"dup1","action":"thermo","params":{"celsius":20,"celsius":99}}'),
                    ("agent", "/v1/decide", '{"request_id":"dup2","request_id":"dup3","action":"thermo","params":{"celsius":20}}'),
                    ("agent", "/v1/decide", '{"request_id":"dup4","action":"thermo","params":{"celsius":20},"evidence":{"a":1,"a":2}}'),
                    ("agent", "/v1/decide", '{"request_id":"dup5","action":"spend","params":{"amount_eur":1,"amount_eur":299}}'),
                    ("agent", "/v1/decide", '{"request_id":"big","action":"thermo","params":{"celsius":20},"evidence":{"x":"%s"}}' % ("y" * 16300)),
                    ("agent", "/v1/decide", '{"request_id":"bigp","action":"thermo","params":{"celsius":20,"x":"%s"}}' % ("y" * 65000)),
                    ("agent", "/v1/decide", '{"request_id":"fl","action":"thermo","params":{"celsius":20},"flags":["%s"]}' % "a" * 1),
                    ("agent", "/v1/decide", th("ev", ',"evidence":{"":{"":""},"\\u0000":null}'))]
    # report: on the permit ids[...]
    g["report"] = []
    for i, n in enumerate(NUMS):
        g["report"].append(("agent", f"/v1/decisions/{ids[i % len(ids)]}/report", '{"outcome":"executed","detail":{"x":%s,"y":[%s]}}' % (n, n)))
        g["report"].append(("agent", f"/v1/decisions/{ids[i % len(ids)]}/report", '{"outcome":"executed","detail":%s}' % n))
    for d in ([] if os.environ.get("SKIPDEEP") else [100, 120, 124, 125, 126, 127, 128]):
        g["report"].append(("agent", f"/v1/decisions/{ids[d % len(ids)]}/report", '{"outcome":"executed","detail":%s}' % deep(d - 2)))
        g["report"].append(("agent", f"/v1/decisions/{ids[d % len(ids)]}/report", '{"outcome":"unknown","detail":%s}' % deeparr(d - 2)))
    for p in ["-0", "1.0", "1e0", "9007199254740993", "18446744073709551616", "%2D1", "0x1", "1%00", "01"]:
        g["report"].append(("agent", f"/v1/decisions/{p}/report", '{"outcome":"executed"}'))
        g["report"].append(("agent", f"/v1/decisions/{p}/undo", '{"request_id":"pu%s"}' % p.replace("%", "")))
    g["undo"] = []
    for d in [100, 120, 124, 125, 126, 127]:
        g["undo"].append(("agent", f"/v1/decisions/{ids[0]}/undo", '{"request_id":"ud%d","params":{"celsius":20,"x":%s}}' % (d, deep(d - 3))))
    for i, n in enumerate(NUMS):
        g["undo"].append(("agent", f"/v1/decisions/{ids[1]}/undo", '{"request_id":"un%d","params":{"celsius":%s}}' % (i, n)))
        g["undo"].append(("agent", f"/v1/decisions/{ids[2]}/undo", '{"request_id":"uk%d","params":{"celsius":20,"k":%s}}' % (i, n)))
    g["pins"] = []
    for k, s in [("nul", "a\\u0000b"), ("sur", "\\ud800"), ("long", "x" * 100000), ("empty", ""), ("ctl", "\\u0001")]:
        g["pins"].append(("agent", "/v1/mcp/pins", '{"server":"%s","tool":"t","sha256":"%s"}' % (s, "a" * 64)))
        g["pins"].append(("agent", "/v1/mcp/pins", '{"server":"s","tool":"%s","sha256":"%s"}' % (s, "b" * 64)))
        g["pins"].append(("agent", "/v1/mcp/pins", '{"server":"s2","tool":"t2","sha256":"%s"}' % s))
    g["pins"] += [("agent", "/v1/mcp/pins", '{"server":"s","tool":"t","sha256":1e400}'), ("agent", "/v1/mcp/pins", '{"server":"s","tool":"t","sha256":"%s","x":1}' % ("c" * 64))]
    g["task"] = []
    for i, n in enumerate(NUMS):
        g["task"].append(("agent", "/v1/tasks/t1/propose", '{"command_id":"c%d","expected_revision":%s,"files":[{"path":"a.txt","content":"x"}]}' % (i, n)))
    for k, s in [("nul", "a\\u0000b"), ("sur", "\\ud800"), ("long", "x" * 70000), ("dots", "../x"), ("bs", "a\\\\b")]:
        g["task"].append(("agent", "/v1/tasks/t1/propose", '{"command_id":"cp%s","expected_revision":0,"files":[{"path":"%s","content":"%s"}]}' % (k, s, s)))
        g["task"].append(("agent", "/v1/tasks/t1/propose", '{"command_id":"%s","expected_revision":0,"files":[{"path":"b%s.txt","content":"x"}]}' % (s, k)))
    for dd in [120, 122, 123, 124, 125]:
        g["task"].append(("agent", "/v1/tasks/t1/propose", '{"command_id":"deep%d","expected_revision":0,"files":[{"path":"x%d","content":"y","z":%s}]}' % (dd, dd, deep(dd))))
        g["task"].append(("agent", "/v1/tasks/t1/propose", '{"command_id":"deepr%d","expected_revision":%s,"files":[{"path":"x","content":"y"}]}' % (dd, deep(dd))))
    return g

def setup(name):
    d = f"/tmp/attack21-fuzz/{name}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
    subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
    tok = {"agent": H.token(env, "bot", "agent"), "admin": H.token(env, "root", "admin")}
    return d, env, tok

def health(env, tag):
    r = subprocess.run([B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", f"cli-{tag}", "--json"], env=env, capture_output=True, text=True)
    a = H.sh(["journal", "audit"], env); v = H.sh(["journal", "verify"], env)
    return r.returncode, a.returncode, v.returncode, (r.stderr + a.stdout[-200:] + a.stderr).strip()[-300:]

only = sys.argv[1:]
for gname in ["decide", "report", "undo", "pins", "task"]:
    if only and gname not in only: continue
    d, env, tok = setup(gname)
    p = H.start(env, P, log=f"{d}/serve.log")
    ids = []
    for i in range(4):
        st, b = H.post(P, tok["agent"], "/v1/decide", {"request_id": f"base{i}", "action": "thermo", "params": {"celsius": 20}}); ids.append(b["decision_id"])
    if gname == "undo":
        for i in ids: H.post(P, tok["agent"], f"/v1/decisions/{i}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
    if gname == "task":
        os.makedirs(f"{d}/ws", exist_ok=True)
        st, b = H.post(P, tok["admin"], "/v1/tasks", {"task_id": "t1", "config": {"workspace": f"{d}/ws", "check_command": "true", "check_timeout_ms": 1000, "sensitive": [], "writable": [], "network": False, "unsandboxed": True, "deliver": f"{d}/dl", "limits": {"processes": 10, "memory_bytes": 100000000, "disk_bytes": 1000000, "cpu_seconds": 10}}, "workspace": {"files": []}})
        print("  task create:", st, str(b)[:200])
    reqs = groups(ids)[gname]
    codes = {}; bad = []
    for k, (role, path, body) in enumerate(reqs):
        st, r = rawpost(P, tok[role], path, body.encode("utf-8", "surrogatepass"))
        codes[st] = codes.get(st, 0) + 1
        if st >= 500 or st == -1 or p.poll() is not None: bad.append((k, body[:90], st, r[:150]))
        if k % 25 == 24 or st == 200:
            h = health(env, f"{gname}{k}")
            if h[:3] != (0, 0, 0): bad.append(("HEALTH after", k, body[:120], st, r[:100], h)); print("  !!", bad[-1], flush=True)
    p.send_signal(signal.SIGTERM); p.wait()
    p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
    st, b = H.post(P, tok["agent"], "/v1/decide", {"request_id": "after", "action": "thermo", "params": {"celsius": 20}}) if up else (None, None)
    if up: p.send_signal(signal.SIGTERM); p.wait()
    h = health(env, f"{gname}-end")
    print(f"RESULT {gname}: {len(reqs)} requests, codes {codes}; 5xx/no answer {len(bad)} {bad[:6]}; serve restarts {up} decides {st}; end health (cli rc, audit rc, verify rc) {h[:3]} {h[3][-200:] if h[:3] != (0,0,0) else ''}", flush=True)
