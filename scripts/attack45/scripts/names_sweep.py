#!/usr/bin/env python3
"""Run CLI doors with names holding hidden/bidi/control/look-alike characters; report any output (stdout/stderr)
that contains one of the planted characters raw. Usage: names_sweep.py WORKDIR"""
import subprocess, sys, os, shutil, json
F = "/work/attack45/foureyes"; P = "/work/attack45/scripts/p.yaml"
W = sys.argv[1]; os.makedirs(W, exist_ok=True); os.chdir(W)
BAD = {"ESC": "\x1b[2K", "RLO": "\u202e", "ZWSP": "\u200b", "CYR_o": "\u043e", "COMB": "\u0301", "KHITAN": "\U00016fe4",
       "C1": "\x9b", "LRI": "\u2066", "HANGUL": "\u3164", "TAG": "\U000e0041", "BEL": "\x07", "NL": "\n", "CR": "\r", "DEL": "\x7f", "BS": "\x08"}
def planted(s):
    # characters that must never come back raw (everything in BAD except ASCII letters)
    return [c for c in s if not (c.isascii() and c.isprintable())]
def run(args, stdin=None, env=None):
    r = subprocess.run([F] + args, input=stdin, capture_output=True, timeout=60, env=env)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
def check(label, args, name, **kw):
    rc, out, err = run(args, **kw)
    raw = [c for c in planted(name) if c in out or c in err]
    status = "RAW " + ",".join("U+%04X" % ord(c) for c in raw) if raw else "ok"
    line = (err.strip().splitlines() or out.strip().splitlines() or [""])
    first = [l for l in line if not l.startswith("warning")][:1]
    print(f"{status:14} rc={rc:<3} {label}: {repr(first[0][:170]) if first else ''}")
    return rc, out, err
if not os.path.exists("N.db"):
    run(["--db", "N.db", "token", "create", "--name", "bot", "--role", "agent"])
    run(["--db", "N.db", "token", "create", "--name", "al", "--role", "approver"])
    open("sk", "w").write(run(["secret", "new-key"])[1])
for tag, bad in BAD.items():
    n = "b" + bad + "ot"
    print(f"--- {tag}")
    B = ["--db", "N.db", "--policy", P]
    check("token create --name", B + ["token", "create", "--name", n, "--role", "agent"], n)
    check("token create --for", B + ["token", "create", "--name", "ex1", "--role", "executor", "--for", n], n)
    check("token revoke", B + ["token", "revoke", n], n)
    check("secret set", B + ["secret", "set", n, "--secrets-key-file", "sk"], n, stdin=b"v")
    check("decide --agent", B + ["decide", "--agent", n, "--action", "climate.set", "--params", '{"c":20}'], n)
    check("decide --session", B + ["decide", "--agent", "bot", "--session", n, "--action", "climate.set", "--params", '{"c":20}'], n)
    check("decide --request-id", B + ["decide", "--agent", "bot", "--request-id", n, "--action", "climate.set", "--params", '{"c":20}'], n)
    check("decide --target", B + ["decide", "--agent", "bot", "--target", n, "--action", "climate.set", "--params", '{"c":20}'], n)
    check("decide --action", B + ["decide", "--agent", "bot", "--action", "clim" + bad + ".set", "--params", '{"c":20}'], n)
    check("decide --flag", B + ["decide", "--agent", "bot", "--flag", n, "--action", "climate.set", "--params", '{"c":20}'], n)
    check("decide param key", B + ["decide", "--agent", "bot", "--action", "climate.set", "--params", json.dumps({n: 1})], n)
    check("decide param value(type)", B + ["decide", "--agent", "bot", "--action", "climate.set", "--params", json.dumps({"c": n})], n)
    check("decide --approval", B + ["decide", "--agent", "bot", "--action", "climate.set", "--params", '{"c":20}', "--approval", n], n)
    check("decide --undo-of", B + ["decide", "--agent", "bot", "--action", "climate.set", "--params", '{"c":20}', "--undo-of", n], n)
    check("approvals approve --as", B + ["approvals", "approve", "1", "--as", n, "--digest", "00"], n)
    check("approvals reject --as", B + ["approvals", "reject", "1", "--as", n], n)
    check("approvals show id", B + ["approvals", "show", n], n)
    check("kill-switch --as", B + ["kill-switch", "off", "--as", n], n)
    check("kill-switch state", B + ["kill-switch", n], n)
    check("sessions restore", B + ["sessions", "restore", "--session", n, "--agent", n, "--why", "x"], n)
    check("mcp pins approve", B + ["mcp", "pins", "approve", n, "--server", n, "--hash", "00", "--as", n], n)
    check("--namespace", B + ["--namespace", n, "decisions", "list"], n)
    check("report id", B + ["report", n, "--outcome", "executed"], n)
    check("undo --agent", B + ["undo", "1", "--agent", n], n)
    check("decisions show", B + ["decisions", "show", n], n)
    check("decisions list --status", B + ["decisions", "list", "--status", n], n)
    check("--db name", ["--db", n + ".db", "journal", "verify"], n)
    check("--policy name", ["--db", "N.db", "--policy", n + ".yaml", "decide", "--agent", "bot", "--action", "climate.set"], n)
