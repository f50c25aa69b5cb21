#!/usr/bin/env python3
"""ADR-851: every writing command on a sealed store, run (a) with the key, (b) with no key, (c) with a wrong key.
Counts events before/after and runs keyed `journal verify` + `journal audit` after each; a command that appends with
no key / a wrong key, or whose appends leave keyed verify failing, is flagged.
usage: FOUREYES_BIN=… python3 seal22.py"""
import json, os, subprocess, sys, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18963
d, env = L.fresh("seal")
os.makedirs(f"{d}/ws", exist_ok=True)
subprocess.run([L.B, "journal", "keygen", "--out", f"{d}/wrong"], capture_output=True)
subprocess.run([L.B, "journal", "keygen", "--out", f"{d}/sign"], capture_output=True)
agent = L.token(env, "bot", "agent")
p = L.start(env, P, f"{d}/serve.log"); L.stop(p)
sk = subprocess.run([L.B, "secret", "new-key"], capture_output=True, text=True).stdout.strip()
open(f"{d}/secrets.key", "w").write(sk + "\n")
def count():
    v = L.sh(["journal", "verify"], env)
    m = re.search(r"ok: (\d+) events", v.stdout)
    return (int(m.group(1)) if m else None), v.returncode, L.sh(["journal", "audit"], env).returncode
def mk_pending(tag):
    r = L.sh(["decide", "--agent", "bot", "--action", "pay", "--params", '{"amount_eur":5}', "--request-id", "pend" + tag, "--json"], env)
    j = json.loads(r.stdout); return str(j["approval_id"]), j["digest"]
n = [0]
def cmds():
    n[0] += 1; t = str(n[0])
    aid, dg = mk_pending(t + "a"); aid2, dg2 = mk_pending(t + "b")
    dec = json.loads(L.sh(["decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "th" + t, "--json"], env).stdout)["decision_id"]
    return [
        ("token create", ["token", "create", "--name", "n" + t, "--role", "agent"], None),
        ("token revoke", ["token", "revoke", "bot"] if False else ["token", "revoke", "n0"], None),
        ("secret set", ["secret", "set", "s" + t, "--as", "admin", "--secrets-key-file", f"{d}/secrets.key"], "value\n"),
        ("kill-switch on", ["kill-switch", "on", "--as", "ops"], None),
        ("kill-switch off", ["kill-switch", "off", "--as", "ops"], None),
        ("approvals approve", ["approvals", "approve", aid, "--as", "alice", "--digest", dg], None),
        ("approvals reject", ["approvals", "reject", aid2, "--as", "alice"], None),
        ("approvals revoke", ["approvals", "revoke", aid, "--as", "alice", "--why", "x"], None),
        ("approvals expire", ["approvals", "expire"], None),
        ("sessions restore", ["sessions", "restore", "--agent", "bot", "--why", "x"], None),
        ("decide", ["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"a"}', "--request-id", "d" + t], None),
        ("report", ["report", str(dec), "--outcome", "executed"], None),
        ("undo", ["undo", "--agent", "bot", str(dec)], None),
        ("execute", ["execute", "--agent", "bot", "--action", "free", "--params", '{"s":"e"}', "--request-id", "x" + t], None),
        ("task create", ["task", "create", "--help"], None),
        ("journal checkpoint", ["journal", "checkpoint", "--signing-key", f"{d}/sign/journal.key"], None),
        ("journal seal", ["journal", "seal"], None),
        ("unconfirmed", ["unconfirmed"], None),
        ("policy diff replay", ["policy", "diff", L.POL, L.POL, "--replay", "5"], None),
        ("mcp pins approve", ["mcp", "pins", "approve", "--help"], None),
    ]
key = env["FOUREYES_SEAL_KEY"]
import shutil
base_env = dict(env)
MODES = sys.argv[1:] or ["key", "nokey", "wrongkey"]
for mode in MODES:
    for i in range(len(cmds())):
        # a fresh copy of the base store for every command (so one flagged command does not hide the next)
        c = f"{d}-{mode}-{i}"; shutil.rmtree(c, ignore_errors=True); shutil.copytree(d, c, ignore=shutil.ignore_patterns(d.split('/')[-1] + '-*'))
        env = dict(base_env, FOUREYES_DB=f"{c}/t.db", FOUREYES_SEAL_KEY=f"{c}/keys/seal.key")
        name, args, inp = cmds()[i]
        args = [a.replace(d + "/", c + "/") for a in args]
        e = dict(env)
        if mode == "nokey": e.pop("FOUREYES_SEAL_KEY")
        if mode == "wrongkey": e["FOUREYES_SEAL_KEY"] = f"{c}/wrong/seal.key"
        before = count()
        r = subprocess.run([L.B] + args, env=e, capture_output=True, text=True, input=inp, timeout=60)
        after = count()
        wrote = (after[0] or 0) - (before[0] or 0)
        bad = (mode != "key" and wrote > 0) or after[1] != 0 or after[2] != 0
        print(f"{'FLAG' if bad else 'ok  '} {mode:8} {name:20} rc={r.returncode} events +{wrote} verify={after[1]} audit={after[2]} {(r.stderr or r.stdout).strip().splitlines()[-1][:150] if (r.stderr or r.stdout).strip() else ''}", flush=True)
        if after[1] != 0:
            print("   verify says:", L.sh(['journal', 'verify'], env).stdout.strip()[-200:])
            q = L.start(env, P, f"{c}/serve-after.log"); up = q.poll() is None; L.stop(q)
            cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "after"], env)
            rs = L.sh(["journal", "seal"], env)
            print(f"   keyed serve starts: {up}; keyed CLI decide rc {cl.returncode}; keyed `journal seal` rc {rs.returncode} {rs.stderr.strip()[-160:]}")
