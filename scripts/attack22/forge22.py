#!/usr/bin/env python3
"""ADR-842: `journal verify` must fail on any journal a door would not read back, and pass where doors do.
A store without the seal key (the hash rule is public: sha256 of the canonical {data,kind,prev_hash,seq,ts_ms}); a
writer appends one forged, correctly chained event per variant. Then: journal verify, journal audit, serve start,
CLI decide. DISAGREE = verify 0 while a door refuses, or verify != 0 while every door runs.
usage: FOUREYES_BIN=… [KEYED=1] [FOUREYES_PG=postgres://postgres@127.0.0.1:PORT] python3 forge22.py [variant …]   (KEYED=1: a sealed store, the forged event sealed with its key)"""
import hashlib, json, os, shutil, sqlite3, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18967
def canon(o): return json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
KEYED = bool(os.environ.get("KEYED"))
def base(tag=""):
    d, env = L.fresh("forge-base" + ("-k" if KEYED else "") + tag, nokey=not KEYED)
    agent = L.token(env, "bot", "agent"); admin = L.token(env, "root", "admin")
    p = L.start(env, P, f"{d}/serve.log")
    st, b = L.post(P, agent, "/v1/decide", {"request_id": "a", "action": "thermo", "params": {"celsius": 20}})
    L.post(P, agent, f"/v1/decisions/{b['decision_id']}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
    L.post(P, admin, "/v1/tasks", {"task_id": "t1", "config": {"workspace": f"{d}/ws", "check_command": "true", "check_timeout_ms": 1000, "sensitive": [], "writable": [], "network": False, "unsandboxed": True, "deliver": f"{d}/dl"}, "workspace": {"files": []}})
    L.stop(p)
    return d, env
def _pg(db, sql):
    r = subprocess.run(["psql", db, "-qtAX", "-v", "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True)
    if r.returncode: raise RuntimeError(r.stderr)
    return r.stdout
class PgConn:  # just enough of sqlite3's API for append()/first() on a PostgreSQL store (psql, dollar-quoted text)
    def __init__(self, db): self.db = db
    def execute(self, sql, args=()):
        for a in args: sql = sql.replace("?", (str(a) if isinstance(a, int) else ("NULL" if a is None else "$fz$" + a + "$fz$")), 1)
        out = _pg(self.db, sql).rstrip("\n")
        rows = [tuple(int(x) if x.isdigit() else x for x in line.split("|", 2)) for line in out.split("\n")] if out else []
        class R:
            def fetchone(_): return rows[0] if rows else None
        return R()
    def commit(self): pass
    def close(self): pass
def connect(db): return PgConn(db) if db.startswith("postgres") else sqlite3.connect(db)
def append(db, kind, data, ts=None, raw=None):
    c = connect(db)
    seq, prev, lts = c.execute("select seq, hash, ts_ms from journal order by seq desc limit 1").fetchone()
    ts = lts + 1 if ts is None else ts
    data_s = raw if raw is not None else canon(data)
    h = hashlib.sha256(('{"data":%s,"kind":%s,"prev_hash":%s,"seq":%d,"ts_ms":%d}' % (data_s, json.dumps(kind), json.dumps(prev), seq + 1, ts)).encode()).hexdigest()
    seal = None
    if KEYED:  # ADR-420: HMAC-SHA256(key, "foureyes journal seal\0" + event hash)
        import hmac
        key = bytes.fromhex(open(os.environ["FORGE_KEY"]).read().strip())
        seal = hmac.new(key, b"foureyes journal seal\0" + h.encode(), hashlib.sha256).hexdigest()
    c.execute("insert into journal(seq, ts_ms, kind, data, prev_hash, hash, seal) values (?,?,?,?,?,?,?)", (seq + 1, ts, kind, data_s, prev, h, seal)); c.commit(); c.close()
def first(db, kind):
    c = connect(db); r = c.execute("select data from journal where kind=? order by seq limit 1", (kind,)).fetchone(); c.close(); return json.loads(r[0])
def nest(k): return '{"a":' * k + '1' + '}' * k
V = {
 "control_none": lambda db: None,
 "unknown_kind": lambda db: append(db, "zzz_kind", {}),
 "credential_bad_role": lambda db: append(db, "credential", dict(first(db, "credential"), name="x", role="superuser")),
 "credential_missing": lambda db: append(db, "credential", {"action": "created"}),
 "credential_extra_field": lambda db: append(db, "credential", dict(first(db, "credential"), name="y", zz=1)),
 "task_created_empty": lambda db: append(db, "task_created", {}),
 "task_created_bytes_float": lambda db: append(db, "task_created", dict(first(db, "task_created"), task_id="t2", workspace={"files": [{"path": "a", "sha256": "0" * 64, "bytes": 1.5, "mode": 420}]})),
 "task_created_dup": lambda db: append(db, "task_created", first(db, "task_created")),
 "task_finished_unknown_task": lambda db: append(db, "task_finished", {"command_id": "f", "revision": 9, "task_id": "nosuch", "workspace_digest": "0" * 64}),
 "decided_dup": lambda db: append(db, "decided", first(db, "decided")),
 "decided_gap_id": lambda db: append(db, "decided", dict(first(db, "decided"), decision_id=1000)),
 "decided_bad_verdict": lambda db: append(db, "decided", dict(first(db, "decided"), decision_id=3, verdict="maybe")),
 "executed_twice": lambda db: append(db, "executed", first(db, "executed")),
 "executed_unknown_decision": lambda db: append(db, "executed", dict(first(db, "executed"), decision_id=77)),
 "policy_loaded_garbage": lambda db: append(db, "policy_loaded", {"zz": 1}),
 "ts_future_2100": lambda db: append(db, "credential", dict(first(db, "credential"), name="f"), ts=4102444800000),
 "ts_zero": lambda db: append(db, "credential", dict(first(db, "credential"), name="z"), ts=0),
 "ts_backwards_1h": lambda db: append(db, "credential", dict(first(db, "credential"), name="b"), ts=int(time.time() * 1000) - 3600_000),
 "depth_110": lambda db: append(db, "credential", None, raw=canon(dict(first(db, "credential"), name="d"))[:-1] + ',"zz":' + nest(108) + '}'),
 "int_2p60_decided": lambda db: append(db, "decided", dict(first(db, "decided"), decision_id=3, approval_id=2**60)),
 "float_in_decision_id": lambda db: append(db, "decided", None, raw=canon(dict(first(db, "decided"), decision_id=3)).replace('"decision_id":3', '"decision_id":3.0')),
 "noncanonical_data": lambda db: append(db, "credential", None, raw=' {"action":"created","role":"agent","name":"nc","step_up":false,"token_binding":"00"}'),
 "dup_key_data": lambda db: append(db, "credential", None, raw='{"action":"created","name":"k1","name":"k2","role":"agent","step_up":false,"token_binding":"00"}'),
 "kill_switch_garbage": lambda db: append(db, "kill_switch", {"engaged": "yes"}),
 "refused_garbage": lambda db: append(db, "refused", {"zz": [1, 2]}),
 "h1_approval_id_double": lambda db: append(db, "decided", None, raw=canon(dict(first(db, "decided"), decision_id=3)).replace('"approval_id":null', '"approval_id":9223372036854776000')),
 "approval_id_2p53m1_control": lambda db: append(db, "decided", None, raw=canon(dict(first(db, "decided"), decision_id=3)).replace('"approval_id":null', '"approval_id":9007199254740991')),
 "approval_requested_orphan": lambda db: append(db, "approved", {"approval_id": 99, "approver": "alice", "approvers": ["alice"], "required": 1}),
}
B0, ENV0 = base() if not os.environ.get('FOUREYES_PG') else (None, None)
if KEYED and ENV0: os.environ["FORGE_KEY"] = ENV0["FOUREYES_SEAL_KEY"]
out = []
for name in (sys.argv[1:] or list(V)):
    if os.environ.get("FOUREYES_PG"):   # PostgreSQL: a fresh database per variant (no file copy)
        d, env = base("-" + name); db = env["FOUREYES_DB"]
        if KEYED: os.environ["FORGE_KEY"] = env["FOUREYES_SEAL_KEY"]
    else:
        d = f"/tmp/attack22-forge{'-k' if KEYED else ''}-{name}"; shutil.rmtree(d, ignore_errors=True); shutil.copytree(B0, d)
        env = dict(ENV0, FOUREYES_DB=f"{d}/t.db"); db = f"{d}/t.db"
        if KEYED: env["FOUREYES_SEAL_KEY"] = f"{d}/keys/seal.key"; os.environ["FORGE_KEY"] = env["FOUREYES_SEAL_KEY"]
    V[name](db)
    v = L.sh(["journal", "verify"], env); a = L.sh(["journal", "audit"], env)
    q = L.start(env, P, f"{d}/serve-x.log"); up = q.poll() is None; L.stop(q)
    cl = L.sh(["decide", "--agent", "bot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "q1"], env)
    doors_ok = up and cl.returncode == 0
    tag = "DISAGREE" if (v.returncode == 0) != doors_ok else "agree   "
    why = "" if up else (open(f"{d}/serve-x.log").read().strip().splitlines() or [""])[-1][:170]
    vt = (v.stdout + v.stderr).strip().splitlines()[-1][:170] if v.returncode else ""
    print(f"{tag} {name}: verify {v.returncode} audit {a.returncode} serve {'starts' if up else 'refuses'} CLI decide {cl.returncode}"
          + (f"\n      serve: {why}" if why else "") + (f"\n      verify: {vt}" if vt else "")
          + (f"\n      cli: {cl.stderr.strip()[-170:]}" if cl.returncode else ""), flush=True)
