#!/usr/bin/env python3
"""Change control's bytes (agent's propose, runner's confirm/check-record/finish, admin's create) with odd shapes:
duplicate / colliding paths, typed fields at their edges, wrong types, deep values below the writer's 100 levels.
After each variant: the same serve decides, CLI decide, journal verify, journal audit; at the end serve restarts.
One store for all variants (seal key unless NOKEY=1); a variant that breaks health is named.
usage: FOUREYES_BIN=… python3 task22.py [variant-substring …]"""
import hashlib, json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18962
d, env = L.fresh("task")
os.makedirs(f"{d}/ws", exist_ok=True)
admin = L.token(env, "root", "admin"); runner = L.token(env, "ci", "runner"); agent = L.token(env, "bot", "agent")
p = L.start(env, P, f"{d}/serve.log")
CFG = {"workspace": f"{d}/ws", "check_command": "true", "check_timeout_ms": 1000, "sensitive": [], "writable": [], "network": False,
       "unsandboxed": True, "deliver": f"{d}/dl", "limits": {"processes": 10, "memory_bytes": 100000000, "disk_bytes": 1000000, "cpu_seconds": 10}}
n = [0]
def rawpost(tok, path, body): return L.post(P, tok, path, raw=body if isinstance(body, str) else json.dumps(body))
def sha(b): return hashlib.sha256(b).hexdigest()
def health(tag):
    st, _ = L.post(P, agent, "/v1/decide", {"request_id": "h" + tag, "action": "free", "params": {"s": tag}})
    c = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"c"}', "--request-id", "c" + tag, "--json"], env)
    v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env)
    return (st, c.returncode, v.returncode, a.returncode), (c.stderr + v.stdout[-200:] + v.stderr + a.stdout[-200:] + a.stderr)[-400:]

def cycle(tid, create=None, propose=None, confirm=None, record=None, finish=None):
    """Run one task to its end; each hook may replace that step's raw body. Returns the answers."""
    out = []
    body = create(tid) if create else {"task_id": tid, "config": CFG, "workspace": {"files": []}}
    out.append(("create", *rawpost(admin, "/v1/tasks", body)))
    files = [{"path": "a.txt", "content": "x"}]
    body = propose(files) if propose else {"command_id": tid + "p", "expected_revision": 0, "files": files}
    out.append(("propose", *rawpost(agent, f"/v1/tasks/{tid}/propose", body)))
    st, prop = L.get(P, runner, f"/v1/tasks/{tid}/proposal")
    if not isinstance(prop, dict) or not prop: return out
    dig = prop.get("change_digest") or prop.get("digest")
    pf = prop.get("files") or []
    st, ap = rawpost(runner, f"/v1/tasks/{tid}/apply", {"command_id": tid + "a", "expected_revision": 1, "change_digest": dig}); out.append(("apply", st, ap))
    rev = ap.get("revision", 1) if isinstance(ap, dict) else 1
    ws = {"files": [{"path": f["path"], "sha256": sha(f["content"].encode()), "bytes": len(f["content"].encode()), "mode": 420} for f in pf]}
    written = [{"path": f["path"], "sha256": sha(f["content"].encode()), "bytes": len(f["content"].encode())} for f in pf]
    body = confirm(tid, rev, written, ws) if confirm else {"command_id": tid + "a", "expected_revision": rev, "written": written, "workspace": ws}
    st, cf = rawpost(runner, f"/v1/tasks/{tid}/apply/confirm", body); out.append(("confirm", st, cf))
    rev = cf.get("revision", rev) if isinstance(cf, dict) else rev
    st, ck = rawpost(runner, f"/v1/tasks/{tid}/check", {"command_id": tid + "k", "expected_revision": rev}); out.append(("check", st, ck))
    result = {"exit_code": 0, "timed_out": False, "duration_ms": 5, "output_sha256": "0" * 64, "output_bytes": 0, "output_tail": "",
              "sandbox": "none", "limits": "x", "limit_hit": None}
    body = record(tid, rev, result, ws) if record else {"command_id": tid + "k", "expected_revision": rev, "result": result, "before": ws, "after": ws}
    st, rc = rawpost(runner, f"/v1/tasks/{tid}/check/record", body); out.append(("record", st, rc))
    rev = rc.get("revision", rev) if isinstance(rc, dict) else rev
    body = finish(tid, rev, ws) if finish else {"command_id": tid + "f", "expected_revision": rev, "workspace": ws, "delivered": None}
    st, fn = rawpost(runner, f"/v1/tasks/{tid}/finish", body); out.append(("finish", st, fn))
    return out

def nest(k): return json.loads('{"a":' * k + '1' + '}' * k)
def rec_field(field, raw_value):
    def f(tid, rev, result, ws):
        r = dict(result); r[field] = "@@"
        return json.dumps({"command_id": tid + "k", "expected_revision": rev, "result": r, "before": ws, "after": ws}).replace('"@@"', raw_value)
    return f
V = {}
V["control"] = {}
for paths in (["a.txt", "a.txt"], ["a.txt", "./a.txt"], ["a.txt", "a.txt/"], ["d/a.txt", "d//a.txt"], ["A.txt", "a.txt"], ["\u00e9.txt", "e\u0301.txt"], ["a.txt", "a.txt\u0000"]):
    key = "propose_paths_" + "|".join(json.dumps(x)[1:-1] for x in paths)
    V[key] = {"propose": (lambda ps: lambda files: {"command_id": "pp", "expected_revision": 0, "files": [{"path": q, "content": str(i)} for i, q in enumerate(ps)]})(paths)}
    V["create_paths_" + "|".join(json.dumps(x)[1:-1] for x in paths)] = {"create": (lambda ps: lambda tid: {"task_id": tid, "config": CFG, "workspace": {"files": [{"path": q, "sha256": "0" * 64, "bytes": 1, "mode": 420} for q in ps]}})(paths)}
for field, vals in {"exit_code": ["2147483648", "-2147483649", "9007199254740991", "1.5", "null", '"0"', "4294967296"],
                    "duration_ms": ["-1", "9007199254740991", "1.5", "1e19"], "output_bytes": ["9007199254740991", "-1", "1e19"],
                    "timed_out": ["1", "null"], "sandbox": ['"weird"', '{"a":1}', "null"], "limit_hit": ['"memory"', '"zzz"', '{"a":1}', "7"],
                    "limits": [json.dumps(nest(90)), json.dumps(nest(97)), '[' * 95 + ']' * 95, "9007199254740991", "1e308", "-0.0", "5e-324"],
                    "output_tail": [json.dumps("x" * 200000), json.dumps("\u0000\ud7ff\ue000\U0010ffff")], "output_sha256": ['"zz"', "1"]}.items():
    for v in vals: V[f"record_{field}={v[:20]}"] = {"record": rec_field(field, v)}
V["record_extra_field"] = {"record": lambda tid, rev, result, ws: {"command_id": tid + "k", "expected_revision": rev, "result": dict(result, zz=nest(95)), "before": ws, "after": ws}}
V["finish_delivered_long"] = {"finish": lambda tid, rev, ws: {"command_id": tid + "f", "expected_revision": rev, "workspace": ws, "delivered": "d" * 300000}}
V["finish_delivered_nul"] = {"finish": lambda tid, rev, ws: {"command_id": tid + "f", "expected_revision": rev, "workspace": ws, "delivered": "\u0000"}}
for k in ("mode", "bytes"):
    for v in ("4294967296", "65536", "9007199254740991", "-0", "1e2"):
        V[f"create_{k}={v}"] = {"create": (lambda k, v: lambda tid: json.dumps({"task_id": tid, "config": CFG, "workspace": {"files": [{"path": "z", "sha256": "0" * 64, "bytes": 1, "mode": 420, k: "@@"}]}}).replace('"@@"', v))(k, v)}
        V[f"confirm_ws_{k}={v}"] = {"confirm": (lambda k, v: lambda tid, rev, written, ws: json.dumps({"command_id": tid + "a", "expected_revision": rev, "written": written, "workspace": {"files": [dict(f, **{k: "@@"}) for f in ws["files"]]}}).replace('"@@"', v))(k, v)}
for ck, v in (("check_timeout_ms", "4294967296"), ("check_timeout_ms", "9007199254740991"), ("limits", '{"processes":4294967296}'), ("limits", '{"memory_bytes":9007199254740991,"processes":1,"disk_bytes":1,"cpu_seconds":9007199254740991}'),
              ("limits", json.dumps(nest(95))), ("sensitive", json.dumps(["a"] * 50000)), ("check_command", json.dumps("x" * 1000000))):
    V[f"create_cfg_{ck}={v[:25]}"] = {"create": (lambda ck, v: lambda tid: json.dumps({"task_id": tid, "config": dict(CFG, **{ck: "@@"}), "workspace": {"files": []}}).replace('"@@"', v))(ck, v)}
sel = sys.argv[1:]
bad = []
for i, (name, hooks) in enumerate(V.items()):
    if sel and not any(s in name for s in sel): continue
    out = cycle(f"t{i}", **hooks)
    h, why = health(str(i))
    codes = [(s, c) for s, c, _ in out]
    flag = h != (200, 0, 0, 0)
    short = [(s, c, (b.get("error", {}).get("code") if isinstance(b, dict) and isinstance(b.get("error"), dict) else (b.get("result") if isinstance(b, dict) else str(b)[:60]))) for s, c, b in out]
    print(f"{'BROKEN' if flag else 'ok    '} {name}: {short} health={h}" + (f" why={why!r}" if flag else ""), flush=True)
    if flag: bad.append(name); break
res = L.after(d, env, P, p)
print("END", "broken:", bad, res)
