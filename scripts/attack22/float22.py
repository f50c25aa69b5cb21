#!/usr/bin/env python3
"""ADR-372 bypass probe: a number sent as float text (1e19, 9.007199254740993e15 …) that the canonical writer spells
as an integer beyond ±(2^53−1). The journal then holds an integer the writer itself would refuse; what happens to
every event that copies it later (replay, approval release, undo, report deadline, approval expiry)?
usage: FOUREYES_BIN=… python3 float22.py [variant …]   (NOKEY=1: without the seal key)"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18961
BIG = os.environ.get("BIG", "1e19")
def raw(rid, action, extra=""):
    return '{"request_id":"%s","action":"%s","params":{"x":%s}%s}' % (rid, action, BIG, extra)

def v_replay(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "free"))
    b = L.post(port, agent, "/v1/decide", raw=raw("r1", "free"))
    return [("decide", a[0], a[1].get("verdict") if isinstance(a[1], dict) else a[1]),
            ("retry", b[0], b[1].get("replayed") if isinstance(b[1], dict) else b[1])]

def v_release(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "big3"))
    aid = a[1].get("approval_id"); dg = a[1].get("digest")
    b = L.post(port, appr, f"/v1/approvals/{aid}/approve", {"digest": dg})
    c = L.post(port, agent, "/v1/decide", raw=raw("r2", "big3", ',"approval_id":%d' % aid))
    return [("defer", a[0], a[1].get("verdict")), ("approve", b[0], str(b[1])[:120]), ("release", c[0], str(c[1])[:200])]

def v_undo(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "big1"))
    d = a[1]["decision_id"]
    b = L.post(port, agent, f"/v1/decisions/{d}/report", raw='{"outcome":"executed","detail":{"before":{"x":%s}}}' % BIG)
    c = L.post(port, agent, f"/v1/decisions/{d}/undo", {"request_id": "u1"})
    return [("permit", a[0], a[1].get("verdict")), ("report", b[0], str(b[1])[:120]), ("undo", c[0], str(c[1])[:200])]

def v_undo_plain(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "big1"))
    d = a[1]["decision_id"]
    b = L.post(port, agent, f"/v1/decisions/{d}/report", {"outcome": "executed"})
    c = L.post(port, agent, f"/v1/decisions/{d}/undo", {"request_id": "u1"})
    return [("permit", a[0], a[1].get("verdict")), ("report", b[0], str(b[1])[:120]), ("undo", c[0], str(c[1])[:200])]

def v_deadline(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "bigrw"))
    time.sleep(3.5)
    b = L.post(port, agent, "/v1/decide", {"request_id": "r2", "action": "bigrw", "params": {"x": 1}})
    c = L.get(port, agent, f"/v1/decisions/{a[1]['decision_id']}")
    return [("permit", a[0], a[1].get("verdict")), ("next", b[0], b[1].get("verdict") if isinstance(b[1], dict) else b[1]), ("get", c[0], str(c[1])[:160])]

def v_expiry(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "big3ttl"))
    time.sleep(4)
    c = L.get(port, agent, f"/v1/approvals/{a[1]['approval_id']}")
    b = L.post(port, agent, "/v1/decide", {"request_id": "r2", "action": "free", "params": {"x": 1}})
    return [("defer", a[0], a[1].get("verdict")), ("approval", c[0], str(c[1])[:160]), ("next", b[0], str(b[1])[:80])]

def v_evidence(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw='{"request_id":"e1","action":"free","params":{"x":1},"evidence":{"e":%s}}' % BIG)
    return [("evidence", a[0], str(a[1])[:160])]

def v_detail(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", {"request_id": "r1", "action": "free", "params": {"x": 1}})
    b = L.post(port, agent, f"/v1/decisions/{a[1]['decision_id']}/report", raw='{"outcome":"executed","detail":{"d":%s}}' % BIG)
    return [("report", b[0], str(b[1])[:160])]

def v_cli_release(port, agent, appr, env):
    a = L.post(port, agent, "/v1/decide", raw=raw("r1", "big3"))
    aid = a[1].get("approval_id"); dg = a[1].get("digest")
    b = L.sh(["approvals", "approve", str(aid), "--as", "alice", "--digest", dg], env)
    c = L.sh(["decide", "--agent", "bot", "--action", "big3", "--params", '{"x":%s}' % BIG, "--request-id", "r2", "--approval-id", str(aid), "--json"], env)
    return [("defer", a[0], a[1].get("verdict")), ("cli approve", b.returncode, (b.stdout + b.stderr)[-150:]), ("cli release", c.returncode, (c.stdout + c.stderr)[-200:])]

V = {k[2:]: f for k, f in globals().items() if k.startswith("v_")}
for name in (sys.argv[1:] or list(V)):
    d, env = L.fresh("float-" + name)
    agent = L.token(env, "bot", "agent"); appr = L.token(env, "alice", "approver")
    p = L.start(env, P, f"{d}/serve.log")
    steps = V[name](P, agent, appr, env)
    res = L.after(d, env, P, p)
    print(f"{name} [{BIG}]: {'HELD' if res['ok'] else 'HOLE?'} steps={steps}\n   after={res}", flush=True)
