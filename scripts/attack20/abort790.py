#!/usr/bin/env python3
"""ADR-790: callers that hang up while their own (lone) commit or the batch is in flight.
usage: FOUREYES_BIN=... python3 abort790.py N ROUNDS
N callers; each request is first sent with a socket timeout of 1-30 ms (the caller hangs up mid-commit), then re-sent
with the same request id (normal timeout) until answered, twice. Fresh request ids: spend 60 (1000/h), lim (5/h),
thermo. Checked: each request id has one decision, both re-asks answer it, spend <= 1000, lim <= 5, verify, audit."""
import json, os, random, shutil, signal, socket, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
N, ROUNDS = int(sys.argv[1]), int(sys.argv[2])
d = f"/tmp/attack20-abort/{N}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); PORT = 18890 + (N % 7); p = H.start(env, PORT, log=f"{d}/serve.log")
def raw(body, tmo):
    data = json.dumps(body).encode()
    req = (f"POST /v1/decide HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {agent}\r\nContent-Type: application/json\r\n"
           f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n").encode() + data
    s = socket.create_connection(("127.0.0.1", PORT)); s.settimeout(tmo)
    try: s.sendall(req); s.recv(65536)
    except Exception: pass
    finally: s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"); s.close()   # RST
problems = []; seen = {}; lock = threading.Lock()
def body(rid):
    if rid[0] == "s": return {"request_id": rid, "action": "spend", "params": {"amount_eur": 60, "n": rid}}
    if rid[0] == "l": return {"request_id": rid, "action": "lim", "params": {"n": rid}}
    return {"request_id": rid, "action": "thermo", "params": {"celsius": 20}}
def worker(k):
    r = random.Random(k)
    for i in range(ROUNDS):
        rid = f"{'slt'[i % 3]}-{k}-{i}"
        raw(body(rid), r.uniform(0.001, 0.03))
        got = []
        for _ in range(2):
            for _ in range(50):
                st, b = H.post(PORT, agent, "/v1/decide", body(rid))
                if st == 200: got.append((b["decision_id"], b["verdict"], b.get("replayed"))); break
                time.sleep(0.05)
        with lock:
            seen[rid] = got
            if len({g[:2] for g in got}) != 1 or len(got) != 2: problems.append(f"{rid}: {got}")
ts = [threading.Thread(target=worker, args=(k,)) for k in range(N)]; [t.start() for t in ts]; [t.join() for t in ts]
p.send_signal(signal.SIGTERM); p.wait()
decs = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
per = {}; spend = 0; lim = 0
for x in decs:
    per.setdefault(x["request_id"], []).append(x["decision_id"])
    if x["verdict"] == "permit" and x["action"] == "spend": spend += 60
    if x["verdict"] == "permit" and x["action"] == "lim": lim += 1
dups = {k: v for k, v in per.items() if len(v) > 1}
first_replayed = sum(1 for g in seen.values() if g and g[0][2])
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
print(f"RESULT abort N={N}: request ids {len(seen)}, decided by the hung-up request (first re-ask replayed) {first_replayed}, decisions {len(decs)}, "
      f"ids with 2 decisions {len(dups)}, spend {spend}/1000, lim {lim}/5, verify {v.returncode} audit {a.returncode}")
for x in problems[:10]: print("  PROBLEM", x)
