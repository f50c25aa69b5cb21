#!/usr/bin/env python3
"""Free-form JSON an agent sends (evidence on a decide, detail on a report) carrying integers beyond 2^53 / i64:
is it refused, journaled exactly, or does it make the journal unreadable after a restart?
usage: FOUREYES_BIN=... python3 bigjson.py"""
import os, shutil, signal, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
VALS = {"i64max": 2**63 - 1, "u64max": 2**64 - 1, "2^53+1": 2**53 + 1, "1e400": "1e400", "neg_i64min-1": -(2**63) - 1}
for where in ("evidence", "detail", "params_n"):
    for vn, val in VALS.items():
        d = f"/tmp/attack20-bigjson/{where}-{vn.replace('^', '')}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
        subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
        env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
        agent = H.token(env, "bot", "agent"); P = 18921; p = H.start(env, P, log=f"{d}/serve.log")
        import json, urllib.request
        def raw(path, s):
            req = urllib.request.Request(f"http://127.0.0.1:{P}{path}", data=s.encode(), headers={"Authorization": "Bearer " + agent, "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=10) as r: return r.status, json.loads(r.read())
            except urllib.error.HTTPError as e: return e.code, e.read()[:160]
        num = str(val)
        if where == "evidence": st, b = raw("/v1/decide", '{"request_id":"e","action":"thermo","params":{"celsius":20},"evidence":{"x":%s}}' % num)
        elif where == "params_n": st, b = raw("/v1/decide", '{"request_id":"e","action":"lim","params":{"n":"a","extra":%s}}' % num)
        else:
            st0, b0 = H.post(P, agent, "/v1/decide", {"request_id": "e", "action": "thermo", "params": {"celsius": 20}})
            st, b = raw(f"/v1/decisions/{b0['decision_id']}/report", '{"outcome":"executed","detail":{"before":{"celsius":19},"x":%s}}' % num)
        p.send_signal(signal.SIGTERM); p.wait()
        r = subprocess.run([H.B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z"], env=env, capture_output=True, text=True)
        a = H.sh(["journal", "audit"], env)
        print(f"{where} {vn}: call -> {st} {(b.get('verdict') or b.get('status')) if isinstance(b, dict) else str(b)[:90]}; RESULT after restart CLI decide rc {r.returncode} {(r.stderr.strip().splitlines() or [''])[-1][:110] if r.returncode else ''}; audit rc {a.returncode}", flush=True)
