# attack36 helpers: run foureyes serve on loopback, create decisions, approve with TOTP.
import json, os, subprocess, time, signal, requests, pyotp, sqlite3, threading
B = os.environ.get("FOUREYES_BIN", "/work/attack36/foureyes")
POLICY = """version: 1
defaults:
  approvals: { required: 1, ttl: 24h }
actions:
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 24h, step_up: true }
"""
class Env:
    def __init__(self, d, policy=POLICY, seal=False):
        self.d = d; os.makedirs(d, exist_ok=True)
        self.db = f"{d}/fe.db"; self.pol = f"{d}/policy.yaml"
        open(self.pol, "w").write(policy)
        self.extra = []
        if seal:
            if not os.path.exists(f"{d}/keys/seal.key"):
                subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], check=True, capture_output=True)
            self.extra = ["--seal-key", f"{d}/keys/seal.key"]
        self.pg = os.environ.get("PGURL")
        if self.pg:
            self.db = self.pg
            subprocess.run(["psql", self.pg, "-q", "-c", "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"], capture_output=True)
        self.procs = []; self.tok = {}; self.secret = {}; self.n = 0
    def cli(self, *a, check=True):
        r = subprocess.run([B, *a, "--db", self.db, "--policy", self.pol, *self.extra], capture_output=True, text=True)
        if check and r.returncode != 0: raise RuntimeError(f"{a}: {r.returncode} {r.stdout} {r.stderr}")
        return r
    def token(self, name, role, totp=False):
        a = ["token", "create", "--name", name, "--role", role, "--json"] + (["--totp"] if totp else [])
        j = json.loads(self.cli(*a).stdout)
        self.tok[name] = j["token"]; self.secret[name] = j["totp_secret"]; return j
    def serve(self, port):
        log = open(f"{self.d}/serve-{port}.log", "w")
        p = subprocess.Popen([B, "serve", "--db", self.db, "--policy", self.pol, "--listen", f"127.0.0.1:{port}", *self.extra],
                             stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(p)
        for _ in range(100):
            try:
                requests.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1); return p
            except Exception: time.sleep(0.1)
        raise RuntimeError("serve did not start")
    def stop(self, p):
        p.send_signal(signal.SIGTERM)
        try: p.wait(10)
        except Exception: p.kill(); p.wait()
        self.procs.remove(p)
    def stop_all(self):
        for p in list(self.procs): self.stop(p)
    def h(self, name): return {"Authorization": f"Bearer {self.tok[name]}"}
    def defer(self, port, agent="bot"):
        self.n += 1
        r = requests.post(f"http://127.0.0.1:{port}/v1/decide", headers=self.h(agent),
                          json={"request_id": f"r{self.n}-{time.time_ns()}", "action": "payments.send",
                                "params": {"amount_eur": 10 + self.n, "payee": "ACME"}}).json()
        return r
    def approve(self, port, who, appr_id, digest, code):
        body = {"digest": digest}
        if code is not None: body["totp"] = code
        r = requests.post(f"http://127.0.0.1:{port}/v1/approvals/{appr_id}/approve", headers=self.h(who), json=body)
        return r.status_code, r.text[:300]
    def sql(self, q, args=()):
        if self.pg:
            for a in args: q = q.replace("?", "'" + str(a).replace("'", "''") + "'", 1)
            q = q.replace("json_extract(data,'$.action')", "(data::jsonb->>'action')").replace("json_extract(data,'$.name')", "(data::jsonb->>'name')")
            r = subprocess.run(["psql", self.pg, "-At", "-F", "|", "-c", q], capture_output=True, text=True)
            return [tuple(l.split("|")) for l in r.stdout.strip().splitlines() if l]
        c = sqlite3.connect(self.db, timeout=30); cur = c.execute(q, args); rows = cur.fetchall(); c.commit(); c.close(); return rows
    def audit(self):
        r = subprocess.run([B, "journal", "audit", "--db", self.db, *self.extra], capture_output=True, text=True)
        v = subprocess.run([B, "journal", "verify", "--db", self.db, *self.extra], capture_output=True, text=True)
        return (r.returncode, (r.stdout + r.stderr).strip()[:600], v.returncode, (v.stdout + v.stderr).strip()[:300])
def code_at(secret, step): return pyotp.TOTP(secret).at(step * 30)
def cur_step(): return int(time.time()) // 30
def wait_fresh_step(min_left=8):
    # wait until at least min_left seconds remain in the current 30 s step
    while 30 - (time.time() % 30) < min_left: time.sleep(0.2)
