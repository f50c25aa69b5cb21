#!/usr/bin/env python3
"""HOLE: one agent request whose JSON nests 127 levels (accepted: serde_json's parse limit is 128) is journaled inside
the event's data one level deeper or more; no reader takes it back. After it, no door decides: `serve` does not start,
CLI `decide` exits 7, `journal verify` / `journal audit` exit 8. One fresh store per variant (seal key on; NOKEY=1 off).
usage: FOUREYES_BIN=... [FOUREYES_PG=postgres://postgres@127.0.0.1:5462] python3 deep21.py [variant ...]"""
import json, os, shutil, signal, subprocess, sys, urllib.request, urllib.error
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18952
def nest(n, arr=False):  # a value nested n containers deep
    return "[" * n + "1" + "]" * n if arr else '{"a":' * n + "1" + "}" * n
def rawpost(tok, path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{P}{path}", data=body.encode(), headers={"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, r.read()[:160]
    except urllib.error.HTTPError as e: return e.code, e.read()[:160]
    except Exception as e: return -1, str(e)[:100]
# body nesting (body object = level 1): params/evidence value nested L-2 below it
V = {}
for L in [126, 127]:
    V[f"params_{L}"] = ("/v1/decide", '{"request_id":"x","action":"thermo","params":{"celsius":20,"x":%s}}' % nest(L - 2))
    V[f"evidence_{L}"] = ("/v1/decide", '{"request_id":"x","action":"thermo","params":{"celsius":20},"evidence":{"x":%s}}' % nest(L - 2))
    V[f"evidence_arr_{L}"] = ("/v1/decide", '{"request_id":"x","action":"thermo","params":{"celsius":20},"evidence":{"x":%s}}' % nest(L - 2, True))
    V[f"unknown_action_{L}"] = ("/v1/decide", '{"request_id":"x","action":"nosuch","params":{"x":%s}}' % nest(L - 2))
    V[f"report_detail_{L}"] = ("REPORT", '{"outcome":"executed","detail":%s}' % nest(L - 1))
    V[f"undo_params_{L}"] = ("UNDO", '{"request_id":"u","params":{"celsius":20,"x":%s}}' % nest(L - 2))
for L in [126, 127]:
    V[f"report_refused_{L}"] = ("REPORT2", '{"outcome":"failed","detail":%s}' % nest(L - 1))
    V[f"decide_refused_{L}"] = ("/v1/decide", '{"request_id":"x","action":"thermo","params":{"celsius":1e400,"x":%s}}' % nest(L - 2))
for L in [126, 127]:  # refused bodies: a field the schema does not have, nested
    V[f"decide_extra_{L}"] = ("/v1/decide", '{"request_id":"x","action":"thermo","params":{"celsius":20},"zz":%s}' % nest(L - 1))
    V[f"undo_extra_{L}"] = ("UNDO", '{"request_id":"u","zz":%s}' % nest(L - 1))
    V[f"report_bad_outcome_{L}"] = ("REPORT", '{"outcome":"maybe","detail":%s}' % nest(L - 1))
    V[f"approve_extra_{L}"] = ("APPROVE", '{"digest":"00","zz":%s}' % nest(L - 1))
    V[f"approve_digest_{L}"] = ("APPROVE", '{"digest":%s}' % nest(L - 1))
    V[f"pins_extra_{L}"] = ("/v1/mcp/pins", '{"server":"s","tool":"t","sha256":"%s","zz":%s}' % ("a" * 64, nest(L - 1)))
only = sys.argv[1:]
for name, (path, body) in V.items():
    if only and name not in only: continue
    d = f"/tmp/attack21-deep/{name}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL)
    if os.environ.get("FOUREYES_PG"):  # a throwaway cluster: postgres://postgres@127.0.0.1:PORT  (one database per variant)
        db = "deep21_" + name.lower(); pg = os.environ["FOUREYES_PG"].rstrip("/")
        subprocess.run(["psql", pg + "/postgres", "-qc", f"drop database if exists {db}"], capture_output=True)
        subprocess.run(["psql", pg + "/postgres", "-qc", f"create database {db}"], capture_output=True)
        env["FOUREYES_DB"] = f"{pg}/{db}"
    if not os.environ.get("NOKEY"):
        subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True); env["FOUREYES_SEAL_KEY"] = f"{d}/keys/seal.key"
    agent = H.token(env, "bot", "agent")
    p = H.start(env, P, log=f"{d}/serve.log")
    tokr = agent
    if path == "APPROVE":
        st, b = H.post(P, agent, "/v1/decide", {"request_id": "p", "action": "pay", "params": {"amount_eur": 5}})
        tokr = H.token(env, "alice", "approver"); path = f"/v1/approvals/{b['approval_id']}/approve"
    if path in ("REPORT", "UNDO", "REPORT2"):
        st, b = H.post(P, agent, "/v1/decide", {"request_id": "t", "action": "thermo", "params": {"celsius": 20}}); t = b["decision_id"]
        if path in ("UNDO", "REPORT2"): H.post(P, agent, f"/v1/decisions/{t}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
        path = f"/v1/decisions/{t}/report" if path in ("REPORT", "REPORT2") else f"/v1/decisions/{t}/undo"
    st, r = rawpost(tokr, path, body)
    st2, _ = H.post(P, agent, "/v1/decide", {"request_id": "same-serve", "action": "thermo", "params": {"celsius": 20}})
    p.send_signal(signal.SIGTERM); p.wait()
    p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
    if up: p.send_signal(signal.SIGTERM); p.wait()
    cli = subprocess.run([B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z", "--json"], env=env, capture_output=True, text=True)
    v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
    why = (open(f"{d}/serve2.log").read().strip().splitlines() or [""])[-1][:160] if not up else ""
    print(f"{name}: agent request -> {st} {r[:60]!r}; same serve next decide {st2}; RESULT after restart: serve starts {up} {why}; CLI decide rc {cli.returncode}; verify rc {v.returncode}; audit rc {a.returncode}", flush=True)
