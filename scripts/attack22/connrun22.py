#!/usr/bin/env python3
"""Finding K1: a connector's target (not the agent) prints JSON the report cannot hold (u64::MAX, 1e400, nesting)
in the field `reveal:` keeps (a secret in scope). The program RAN, but HTTP `POST /v1/execute` answers 400
`bad_request` and CLI `execute` exit 3 ("input refused"), and the decision stays `intended` (unconfirmed). Counts the
program's runs across the first call and retries with the same request id (HTTP and CLI), and shows the answers.
usage: FOUREYES_BIN=… python3 connrun22.py [JSON]"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18973
d0 = "/tmp/attack22-connrunpol"; os.makedirs(d0, exist_ok=True)
out = sys.argv[1] if len(sys.argv) > 1 else '{"x":18446744073709551615}'
open(f"{d0}/out.json", "w").write(out); open(f"{d0}/runs", "w").write("")
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
        argv: ["/bin/sh", "-c", "echo ran >> %s/runs; cat %s/out.json"]
        env: { K: "{{ secret.k1 }}" }
        timeout: 5s
        success_exit: [0]
        output_tail_bytes: 1024
        reveal: [/x]
""" % (d0, d0)
pol = f"{d0}/policy.yaml"; open(pol, "w").write(POLY); os.environ["POL"] = pol; L.POL = pol
d, env = L.fresh("connrun")
agent = L.token(env, "bot", "agent")
open(f"{d}/secrets.key", "w").write(subprocess.run([L.B, "secret", "new-key"], capture_output=True, text=True).stdout)
env["FOUREYES_SECRETS_KEY_FILE"] = f"{d}/secrets.key"
L.sh(["secret", "set", "k1", "--as", "admin"], env, inp="s3cr3t-value-zz\n")
p = L.start(env, P, f"{d}/serve.log")
runs = lambda: len(open(f"{d0}/runs").read().split())
st, b = L.post(P, agent, "/v1/execute", {"request_id": "e1", "action": "conn", "params": {}})
print(f"HTTP execute e1: {st} {json.dumps(b)[:400]}\n  program runs so far: {runs()}")
st, b = L.post(P, agent, "/v1/execute", {"request_id": "e1", "action": "conn", "params": {}})
print(f"HTTP execute e1 again: {st} {json.dumps(b)[:300]}\n  program runs so far: {runs()}")
st, g = L.get(P, agent, "/v1/decisions/1")
print(f"GET decision 1: {st} status={g.get('status') if isinstance(g, dict) else g} reported={g.get('reported_at_ms') if isinstance(g, dict) else ''}")
L.stop(p)
c = L.sh(["execute", "--agent", "bot", "--action", "conn", "--params", "{}", "--request-id", "e1", "--json"], env)
print(f"CLI execute e1: rc {c.returncode} {c.stdout.strip()[:200]} {c.stderr.strip()[-250:]}\n  program runs so far: {runs()}")
c = L.sh(["execute", "--agent", "bot", "--action", "conn", "--params", "{}", "--request-id", "e2", "--json"], env)
print(f"CLI execute e2 (new id): rc {c.returncode} {c.stderr.strip()[-250:]}\n  program runs so far: {runs()}")
u = L.sh(["unconfirmed"], env); print("unconfirmed rc", u.returncode, u.stdout.strip()[-300:])
v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env); print("verify", v.returncode, "audit", a.returncode)
