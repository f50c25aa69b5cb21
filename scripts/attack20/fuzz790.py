#!/usr/bin/env python3
"""Odd request bodies at a lone caller (ADR-790: the job runs on the caller's thread; a panic must be caught and the
connection mutex must not stay poisoned). After each odd body a normal decide must still be answered.
usage: FOUREYES_BIN=... python3 fuzz790.py"""
import json, os, shutil, signal, subprocess, sys, time
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
d = "/tmp/attack20-fuzz"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); P = 18915; p = H.start(env, P, log=f"{d}/serve.log")
nums = [0, -0.0, 1e-7, 0.01, 0.009999999999999999, 0.0100000000000000001, 299.99999999999999, 300.00000000000001, 1e308, -1e308, 2**53, 2**53 + 1, 2**63, 10**30, 123456789.123456789, 5e-324]
bodies = []
for n in nums: bodies.append({"request_id": f"n{len(bodies)}", "action": "spend", "params": {"amount_eur": n}})
for rid in ["", " ", "\u0000", "a\u0000b", "\ud7ff", "é", "e\u0301", "x" * 256, "x" * 257, "../../x", "%00", "\u202e", "null"]:
    bodies.append({"request_id": rid, "action": "thermo", "params": {"celsius": 20}})
deep = {}; cur = deep
for i in range(200): cur["a"] = {}; cur = cur["a"]
bodies += [{"request_id": "deep", "action": "lim", "params": {"n": "x", "z": deep}},
           {"request_id": "u1", "action": "thermo", "params": {"celsius": 20}, "undo_of": 999999999999},
           {"request_id": "u2", "action": "thermo", "params": {"celsius": 20}, "undo_of": -1},
           {"request_id": "a1", "action": "spend", "params": {"amount_eur": 1}, "approval_id": 2**62},
           {"request_id": "a2", "action": "spend", "params": {"amount_eur": 1}, "approval_id": -5},
           {"request_id": "a3", "action": "spend", "params": {"amount_eur": 1}, "approval_id": 0},
           {"request_id": "t1", "action": "thermo", "params": {"celsius": 20}, "target": "x" * 300},
           {"request_id": "s1", "action": "thermo", "params": {"celsius": 20}, "session": "\u0000" * 10},
           {"request_id": "f1", "action": "thermo", "params": {"celsius": 20}, "flags": ["prompt_injection"] * 1000},
           {"request_id": "e1", "action": "thermo", "params": {"celsius": 20}, "evidence": {"x": "y" * 16000}},
           {"request_id": "dr", "action": "spend", "params": {"amount_eur": 1}, "dry_run": True}]
res = Counter(); bad = []
for i, b in enumerate(bodies):
    st, r = H.post(P, agent, "/v1/decide", b)
    res[(st, (r.get("verdict") or ((r.get("error") or {}).get("code"))) if isinstance(r, dict) else str(r)[:20])] += 1
    if st >= 500 or st == -1: bad.append((i, json.dumps(b)[:80], st, str(r)[:120]))
    st2, r2 = H.post(P, agent, "/v1/decide", {"request_id": f"ok{i}", "action": "thermo", "params": {"celsius": 20}})
    if st2 != 200: bad.append(("after", i, st2, str(r2)[:120]))
for b in [b"{", b"[]", b"null", b'{"request_id":"x","action":"thermo","params":{"celsius":20},"request_id":"y"}', b'\xff\xfe', b'{"request_id":"x","action":"thermo","params":{"celsius":20}}' + b" " * 200000]:
    import urllib.request
    req = urllib.request.Request(f"http://127.0.0.1:{P}/v1/decide", data=b, headers={"Authorization": "Bearer " + agent, "Content-Type": "application/json"})
    try: st = urllib.request.urlopen(req, timeout=10).status
    except urllib.error.HTTPError as e: st = e.code
    except Exception as e: st = str(e)[:40]
    res[("raw", st)] += 1
    if not isinstance(st, int) or st >= 500: bad.append(("raw", b[:40], st))
alive = p.poll() is None; p.send_signal(signal.SIGTERM); p.wait()
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
print("RESULT fuzz790:", len(bodies), "odd bodies + 6 raw; answers", dict(res), "| serve alive", alive, "| 5xx or no answer:", bad[:8], "| verify", v.returncode, "audit", a.returncode)
