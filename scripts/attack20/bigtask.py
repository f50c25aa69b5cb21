#!/usr/bin/env python3
"""i64::MAX / 2^53+1 in the task API's integer fields (agent/runner credentials), then a restart: does the door decide?
usage: FOUREYES_BIN=... python3 bigtask.py"""
import os, shutil, signal, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
for val in (2**63 - 1, 2**53 + 1):
    for role, path, body in (("agent", "/v1/tasks/t1/propose", {"command_id": "c1", "expected_revision": val, "files": [{"path": "a.txt", "content": "x"}]}),
                             ("runner", "/v1/tasks/t1/check", {"command_id": "c2", "expected_revision": val})):
        d = f"/tmp/attack20-bigtask/{role}-{val}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
        subprocess.run([H.B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
        env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
        tok = H.token(env, "bot" if role == "agent" else "ci", role); P = 18923; p = H.start(env, P, log=f"{d}/serve.log")
        st, b = H.post(P, tok, path, body)
        p.send_signal(signal.SIGTERM); p.wait()
        r = subprocess.run([H.B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z"], env=env, capture_output=True, text=True)
        a = H.sh(["journal", "audit"], env)
        print(f"{role} {path} expected_revision={val}: {st} {str(b)[:120]}; RESULT after restart CLI decide rc {r.returncode} {(r.stderr.strip().splitlines() or [''])[-1][:100] if r.returncode else ''}; audit rc {a.returncode}", flush=True)
