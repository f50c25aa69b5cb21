# attack36 line 4 (F411): race `foureyes token revoke` against many POST /v1/execute of a command connector.
# A run is a hole if its connector_started event (or its side effect) comes after the agent's `revoked` event.
import sys, os, time, shutil, threading, subprocess, json, random, socket
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
ROUNDS = int(os.environ.get("ROUNDS", "4")); N = int(os.environ.get("N", "300"))
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
D = f"/tmp/attack36/a4{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True); os.makedirs(D)
RAN = f"{D}/ran.log"
POL = f"""version: 1
actions:
  job.run:
    tier: 2
    limits: [{{ count: 100000, per: 1h }}]
    params:
      name: {{ type: string, pattern: "^[a-z0-9_]+$" }}
    execute:
      command:
        argv: ["/bin/sh", "-c", 'echo "$0" >> {RAN}', "{{{{ params.name }}}}"]
        timeout: 5s
        success_exit: [0]
"""
e = Env(D, policy=POL, seal=seal)
key = subprocess.run([B, "secret", "new-key"], capture_output=True, text=True).stdout.strip()
open(f"{D}/secrets.key", "w").write(key + "\n"); os.chmod(f"{D}/secrets.key", 0o600)
os.environ["FOUREYES_SECRETS_KEY_FILE"] = f"{D}/secrets.key"
PORT = 18430 + (1 if seal else 0)
p = e.serve(PORT)
TWO = os.environ.get("TWO") == "1"
if TWO: e.serve(PORT + 10)
holes = 0
def slow_exec(agent, rid, hold_until):
    # send the head now, the body after the revoke
    body = json.dumps({"request_id": rid, "action": "job.run", "params": {"name": rid}}).encode()
    s = socket.create_connection(("127.0.0.1", PORT + (10 if TWO and int(rid.rsplit("_",1)[1]) % 20 else 0))); s.settimeout(20)
    s.sendall((f"POST /v1/execute HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {e.tok[agent]}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body[:5])
    hold_until.wait(15); s.sendall(body[5:])
    try: return s.recv(4096).split(b"\r\n", 1)[0].decode()
    except Exception as ex: return str(ex)
    finally: s.close()
try:
    for rnd in range(ROUNDS):
        agent = f"bot{rnd}"; e.token(agent, "agent")
        revoked = threading.Event()
        def one(i):
            rid = f"{agent}_{i}"
            if i % 10 == 0: return slow_exec(agent, rid, revoked)
            try:
                r = requests.post(f"http://127.0.0.1:{PORT + (10 if TWO and i % 2 else 0)}/v1/execute", headers=e.h(agent),
                                  json={"request_id": rid, "action": "job.run", "params": {"name": rid}}, timeout=20)
                return r.status_code
            except Exception as ex: return str(ex)
        def revoker():
            time.sleep(random.uniform(0.05, float(os.environ.get("MAXDELAY", "0.6"))))
            e.cli("token", "revoke", agent); revoked.set()
        t = threading.Thread(target=revoker); t.start()
        with ThreadPoolExecutor(48) as ex: res = list(ex.map(one, range(N)))
        t.join()
        st = {}
        for r in res: st[str(r)] = st.get(str(r), 0) + 1
        rev_seq = e.sql("SELECT min(seq) FROM journal WHERE kind='credential' AND json_extract(data,'$.action')='revoked' AND json_extract(data,'$.name')=?", (agent,))[0][0]
        started = e.sql("SELECT seq, data FROM journal WHERE kind='connector_started'")
        ids_after = []
        for seq, d in started:
            dd = json.loads(d); did = dd.get("decision_id")
            ag = e.sql("SELECT agent FROM decisions WHERE id=?", (did,))
            if ag and ag[0][0] == agent and int(seq) > int(rev_seq): ids_after.append((seq, did))
        lines = [l.strip() for l in open(RAN)] if os.path.exists(RAN) else []
        ran_here = sum(1 for l in lines if l.startswith(agent + "_"))
        n_started = sum(1 for seq, d in started if (e.sql("SELECT agent FROM decisions WHERE id=?", (json.loads(d).get("decision_id"),)) or [("",)])[0][0] == agent)
        print(f"round {rnd}: statuses {st}; revoked at seq {rev_seq}; connector_started {n_started}, ran {ran_here}; started after revoke: {ids_after}", flush=True)
        holes += len(ids_after) + (1 if ran_here != n_started else 0)
    print("holes:", holes)
    print("audit:", e.audit())
finally:
    e.stop_all()
