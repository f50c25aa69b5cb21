#!/usr/bin/env python3
# attack35: many /v1/execute (tier 2, no approval) racing the agent's revocation: does a connector_started (a run
# beginning) land after the `revoked` event? Usage: FOUREYES_BIN=... execute_race.py
import os, subprocess, json, time, re, tempfile, signal, threading, urllib.request, random
B = os.environ.get("FOUREYES_BIN", "/work/attack35/bin/foureyes")
D = tempfile.mkdtemp(prefix="a35r-", dir="/tmp/attack35")
os.environ["FOUREYES_DB"] = D + "/fe.db"; os.environ["FOUREYES_POLICY"] = D + "/policy.yaml"
MK = D + "/ran"
open(D + "/policy.yaml", "w").write(f"""version: 1
actions:
  files.touch:
    tier: 2
    limits: [ {{ count: 10000, per: 1h }} ]
    params:
      n: {{ type: string, pattern: "^[a-z0-9]+$" }}
    execute:
      command:
        argv: ["/bin/sh", "-c", 'echo "$0" >> {MK}', "{{{{ params.n }}}}"]
        timeout: 5s
        success_exit: [0]
""")
def cli(*a): return subprocess.run([B, *a], capture_output=True, text=True, timeout=60)
def mk(name, role): return re.search(r"fe_[0-9a-f]+", cli("token", "create", "--name", name, "--role", role).stdout).group(0)
mk("boot", "admin")
srv = subprocess.Popen([B, "serve", "--listen", "127.0.0.1:0"], stdout=open(D + "/serve.log", "w"), stderr=subprocess.STDOUT)
port = None
for _ in range(100):
    time.sleep(0.1); m = re.search(r"http://127.0.0.1:(\d+)", open(D + "/serve.log").read())
    if m: port = int(m.group(1)); break
def call(tok, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/execute", method="POST", data=json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status
    except urllib.error.HTTPError as e: return e.code
    except Exception: return -1
ROUNDS = int(os.environ.get("ROUNDS", "6")); late_total = 0; runs_total = 0
for r in range(ROUNDS):
    nm = f"rx{r}"; tok = mk(nm, "agent"); stop = [False]
    def worker(w):
        for i in range(40):
            if stop[0]: break
            call(tok, {"request_id": f"{nm}w{w}i{i}", "action": "files.touch", "params": {"n": f"{nm}w{w}i{i}"}})
    ts = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    [t.start() for t in ts]; time.sleep(0.3 + random.random() * 0.3)
    cli("token", "revoke", nm); time.sleep(0.3); stop[0] = True; [t.join() for t in ts]
    time.sleep(0.5)
    ev = [json.loads(l) for l in cli("journal", "export", "-").stdout.splitlines() if l.strip()]
    idx = max(i for i, e in enumerate(ev) if e["kind"] == "credential" and e["data"].get("name") == nm and e["data"].get("action") == "revoked")
    mine = {e["data"]["decision_id"] for e in ev if e["kind"] == "decided" and (e["data"].get("request") or {}).get("agent") == nm}
    late = [e for e in ev[idx + 1:] if e["kind"] == "connector_started" and e["data"].get("decision_id") in mine]
    runs_total += len(mine); late_total += len(late)
    print(f"round {r}: decisions {len(mine)}, connector_started after revoked: {len(late)}", [e["seq"] for e in late], "revoked seq", ev[idx]["seq"], flush=True)
srv.send_signal(signal.SIGTERM); srv.wait(timeout=10)
print("RESULT", "HOLE" if late_total else "held", f"{late_total} runs started after the revocation, of {runs_total} decisions"); print("dir", D)
