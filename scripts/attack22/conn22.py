#!/usr/bin/env python3
"""ADR-372 through a connector's target: a `command` connector whose program prints JSON that the door reads
(`reveal: [/x]`, stdout read as JSON) and keeps in the report detail. The target's bytes: u64::MAX, 2^53+1, 1e19,
1e400, -0.0, 5e-324, nesting 60…126. Through `POST /v1/execute` and CLI `execute`; after each: the same serve decides,
CLI decide, verify, audit; at the end serve restarts.  usage: FOUREYES_BIN=… [SECRET=1] python3 conn22.py [variant …]"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18972
d0 = "/tmp/attack22-connpol"; os.makedirs(d0, exist_ok=True)
POLY = """version: 1
timezone: UTC
actions:
  free:
    tier: 2
    params: { s: { type: string, required: false } }
    limits: [ { count: 1000, per: 1h } ]
  conn:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
    params: { v: { type: string, required: false } }
    execute:
      command:
        argv: ["/bin/cat", "%s/out.json"]
        timeout: 5s
        success_exit: [0]
        output_tail_bytes: 1024
        reveal: [/x]
%s""" % (d0, '        env: { K: "{{ secret.k1 }}" }\n' if os.environ.get("SECRET") else "")
pol = f"{d0}/policy.yaml"; open(pol, "w").write(POLY); os.environ["POL"] = pol; L.POL = pol
def nest(k): return '{"a":' * k + '1' + '}' * k
V = {"int_u64max": '{"x":18446744073709551615}', "int_2p53p1": '{"x":9007199254740993}', "f_1e19": '{"x":1e19}', "f_1e400": '{"x":1e400}',
     "neg0": '{"x":-0.0}', "denorm": '{"x":5e-324}', "big_f": '{"x":1.7976931348623157e308}'}
for k in (60, 95, 98, 100, 110, 126): V[f"nest_{k}"] = '{"x":%s}' % nest(k)
V["arr_100k"] = '{"x":[%s]}' % ",".join(["1"] * 100000)
V["keys_50k"] = '{"x":{%s}}' % ",".join(f'"k{i}":{i}' for i in range(50000))
d, env = L.fresh("conn")
agent = L.token(env, "bot", "agent")
if os.environ.get("SECRET"):   # a secret in the program's environment: the door keeps only `reveal:`'s field, read from stdout as JSON
    open(f"{d}/secrets.key", "w").write(subprocess.run([L.B, "secret", "new-key"], capture_output=True, text=True).stdout)
    env["FOUREYES_SECRETS_KEY_FILE"] = f"{d}/secrets.key"
    print("secret set rc", L.sh(["secret", "set", "k1", "--as", "admin"], env, inp="s3cr3t-value-zz\n").returncode)
p = L.start(env, P, f"{d}/serve.log")
sel = sys.argv[1:] or list(V)
for i, name in enumerate(sel):
    open(f"{d0}/out.json", "w").write(V[name])
    st, b = L.post(P, agent, "/v1/execute", {"request_id": f"e{i}", "action": "conn", "params": {}})
    out = b.get("outcome") or b.get("status") if isinstance(b, dict) else b
    det = str(b.get("report_detail") if isinstance(b, dict) else b)[:100]
    c = L.sh(["execute", "--agent", "bot", "--action", "conn", "--params", "{}", "--request-id", f"ce{i}", "--json"], env)
    st2, _ = L.post(P, agent, "/v1/decide", {"request_id": f"h{i}", "action": "free", "params": {"s": "x"}})
    cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", f"q{i}"], env)
    v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env); u = L.sh(["unconfirmed"], env)
    h = (st2, cl.returncode, v.returncode, a.returncode)
    print(f"{'ok    ' if h == (200, 0, 0, 0) else 'BROKEN'} {name}: HTTP execute {st} {out} detail={det!r} | CLI execute rc {c.returncode} {(c.stderr.strip().splitlines() or [''])[-1][:100]!r} | health {h} unconfirmed rc {u.returncode}", flush=True)
res = L.after(d, env, P, p)
print("END", {k: res[k] for k in ("ok", "serve_restarts", "why", "cli", "verify", "audit")})
