#!/usr/bin/env python3
"""HOLE (ADR-851's class): on a store sealed under key K, some commands given ANOTHER seal key (a wrong key file, a
rotated key, another namespace's key) do not check the store's seals before appending: they append an event sealed
under the wrong key. Every door holding K then refuses the store for good (serve does not start, CLI decide exit 7,
`journal verify`/`audit` exit 7, `journal seal` exit 8: no documented repair). Doors that check (token create,
decide, kill-switch, …) refuse the wrong key at seq 1 and write nothing.
Each variant runs on a fresh sealed store.  usage: FOUREYES_BIN=… python3 wrongkey22.py [variant …]"""
import json, os, re, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18965
UP = r'''
import sys, json
for line in sys.stdin:
    m = json.loads(line) if line.strip() else None
    if not m or "id" not in m: continue
    r = {"jsonrpc": "2.0", "id": m["id"]}
    if m["method"] == "initialize": r["result"] = {"protocolVersion": "2025-03-26", "capabilities": {"tools": {}}, "serverInfo": {"name": "up", "version": "1"}}
    elif m["method"] == "tools/list": r["result"] = {"tools": [{"name": "t", "description": "t", "inputSchema": {"type": "object"}}]}
    elif m["method"] == "tools/call": r["result"] = {"content": [{"type": "text", "text": "ok"}]}
    else: r["result"] = {}
    sys.stdout.write(json.dumps(r) + "\n"); sys.stdout.flush()
'''
MSGS = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"}, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "t", "arguments": {"x": 1}}}]
def events(env):
    v = L.sh(["journal", "verify"], env); m = re.search(r"ok: (\d+) events", v.stdout); return int(m.group(1)) if m else None

def setup(name):
    d, env = L.fresh("wk-" + name, nokey=False)
    subprocess.run([L.B, "journal", "keygen", "--out", f"{d}/wrong"], capture_output=True)
    open(f"{d}/up.py", "w").write(UP)
    open(f"{d}/secrets.key", "w").write(subprocess.run([L.B, "secret", "new-key"], capture_output=True, text=True).stdout)
    L.token(env, "bot", "agent")
    r = json.loads(L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p1", "--json"], env).stdout)
    r2 = json.loads(L.sh(["decide", "--agent", "bot", "--action", "big3ttl", "--params", '{"x":1}', "--request-id", "p2", "--json"], env).stdout)
    return d, env, str(r["approval_id"]), r["digest"]

V = {
 "secret_set":        lambda d, a, g: (["secret", "set", "s1", "--as", "admin", "--secrets-key-file", f"{d}/secrets.key"], "value\n"),
 "approvals_reject":  lambda d, a, g: (["approvals", "reject", a, "--as", "alice"], None),
 "approvals_revoke_refused": lambda d, a, g: (["approvals", "revoke", a, "--as", "alice", "--why", "x"], None),
 "approvals_expire":  lambda d, a, g: (["approvals", "expire"], None),     # after the 3 s ttl of p2 passed
 "approvals_approve": lambda d, a, g: (["approvals", "approve", a, "--as", "alice", "--digest", g], None),
 "token_revoke":      lambda d, a, g: (["token", "revoke", "bot"], None),
 "token_create":      lambda d, a, g: (["token", "create", "--name", "x", "--role", "agent"], None),
 "mcp_pins_approve":  lambda d, a, g: (["mcp", "pins", "approve", "t", "--server", "up", "--hash", "0" * 64, "--as", "alice"], None),
 "task_create":       lambda d, a, g: (["task", "create", "--task", "t1", "--workspace", f"{d}", "--check", "true"], None),
 "kill_switch_status": lambda d, a, g: (["kill-switch", "status"], None),
 "sessions_restore":  lambda d, a, g: (["sessions", "restore", "--agent", "bot", "--why", "x"], None),
 "mcp_proxy":         lambda d, a, g: (["mcp-proxy", "--name", "up", "--agent", "bot", "--", sys.executable, f"{d}/up.py"], "".join(json.dumps(m) + "\n" for m in MSGS)),
 "decide":            lambda d, a, g: (["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"w"}', "--request-id", "w"], None),
}
sel = sys.argv[1:] or list(V)
time.sleep(0)
for name in sel:
    d, env, aid, dg = setup(name)
    if name == "approvals_expire": time.sleep(3.5)
    args, inp = V[name](d, aid, dg)
    before = events(env)
    e = dict(env, FOUREYES_SEAL_KEY=f"{d}/wrong/seal.key")
    r = subprocess.run([L.B] + args, env=e, capture_output=True, text=True, input=inp, timeout=60)
    v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env)
    after = events(env)
    q = L.start(env, P, f"{d}/serve.log"); up = q.poll() is None; L.stop(q)
    cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "after"], env)
    hole = v.returncode != 0 or not up or cl.returncode != 0
    last = (r.stderr.strip().splitlines() or [""])[-1][:140]
    print(f"{'HOLE' if hole else 'held'} wrong-key {name}: rc {r.returncode} ({last}); keyed: verify {v.returncode} audit {a.returncode}, serve starts {up}, CLI decide {cl.returncode}"
          + (f"\n      verify: {v.stdout.strip().splitlines()[-1][:200]}" if v.returncode else ""), flush=True)
