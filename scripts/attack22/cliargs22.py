#!/usr/bin/env python3
"""Admin/approver CLI text that reaches the journal: credential names, --as, --why, --reason, secret names,
kill-switch --as, with invalid UTF-8, controls, 120 KiB, RTL/BOM. After each: CLI decide, verify, audit; at the end
serve restarts.  usage: FOUREYES_BIN=… python3 cliargs22.py"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
d, env = L.fresh("cliargs")
L.token(env, "bot", "agent")
L.sh(["kill-switch", "on"], env); L.sh(["kill-switch", "off"], env)   # journal the setting once (a bare `off` first is a false INCONSISTENT, see REPORT)
open(f"{d}/secrets.key", "w").write(subprocess.run([L.B, "secret", "new-key"], capture_output=True, text=True).stdout)
BIG = b"x" * 120000
VALS = {"nonutf8": b"a\xff\xfeb", "ctrl": b"a\x01\x1b[31m\x7fb\n", "big": BIG, "rtl_bom": "\u202e\ufeffa".encode(), "empty": b"", "dash": b"-x", "long300": b"n" * 300}
def pend(t):
    r = L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "p" + t, "--json"], env)
    j = json.loads(r.stdout); return str(j["approval_id"]), j["digest"]
bad = []; n = 0
for vn, v in VALS.items():
    for cmd in ("token_name", "reject_as", "reject_reason", "revoke_why", "ks_as", "secret_name", "secret_as", "restore_why", "approve_as"):
        n += 1; t = f"{vn}{n}"
        a = pend(t)
        args = {"token_name": [b"token", b"create", b"--name", v, b"--role", b"agent"],
                "reject_as": [b"approvals", b"reject", a[0].encode(), b"--as", v],
                "reject_reason": [b"approvals", b"reject", a[0].encode(), b"--as", b"alice", b"--reason", v],
                "approve_as": [b"approvals", b"approve", a[0].encode(), b"--as", v, b"--digest", a[1].encode()],
                "revoke_why": [b"approvals", b"revoke", a[0].encode(), b"--as", b"alice", b"--why", v],
                "ks_as": [b"kill-switch", b"on", b"--as", v],
                "secret_name": [b"secret", b"set", v, b"--as", b"admin", b"--secrets-key-file", f"{d}/secrets.key".encode()],
                "secret_as": [b"secret", b"set", b"s" + str(n).encode(), b"--as", v, b"--secrets-key-file", f"{d}/secrets.key".encode()],
                "restore_why": [b"sessions", b"restore", b"--agent", b"bot", b"--why", v]}[cmd]
        r = subprocess.run([L.B.encode()] + args, env=env, capture_output=True, input=b"val\n", timeout=60)
        if cmd == "ks_as": L.sh(["kill-switch", "off"], env)
        cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "q" + t], env)
        vv = L.sh(["journal", "verify"], env); au = L.sh(["journal", "audit"], env)
        h = (cl.returncode, vv.returncode, au.returncode)
        flag = h != (0, 0, 0)
        print(f"{'BROKEN' if flag else 'ok    '} {vn:8} {cmd:14} rc {r.returncode} {r.stderr.decode(errors='replace').strip().splitlines()[-1][:110] if r.stderr.strip() else ''} health {h}", flush=True)
        if flag: bad.append((vn, cmd, cl.stderr[-200:], vv.stdout[-200:], au.stdout[-200:])); break
    if bad: break
q = L.start(env, 18969, f"{d}/serve.log"); up = q.poll() is None; L.stop(q)
print("END broken:", bad, "serve restarts:", up)
