#!/usr/bin/env python3
"""ADR-851 for `serve --serve-namespace NAME=FILE`: does the extra namespace's store hold the seal key serve was given?
Case fresh: namespace `team` has no store yet; case sealed: its store was made by a keyed CLI first. An agent of `team`
decides over HTTP; then keyed `journal verify --namespace team`, keyed CLI decide in `team`, serve restart.
Also the wrong-key variant: `--namespace team` doors given the main store's key when team has its own (ns_keys=1).
usage: FOUREYES_BIN=… python3 nsseal22.py"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
P = 18974
for case in ("fresh", "sealed"):
    d, env = L.fresh("nsseal-" + case)
    main_agent = L.token(env, "bot", "agent")
    envt = dict(env, FOUREYES_NAMESPACE="team")
    team_agent = L.token(envt, "tbot", "agent") if case == "sealed" else None
    p = L.start(env, P, f"{d}/serve.log", args=["--serve-namespace", f"team={L.POL}"])
    if team_agent is None:  # fresh: make the team credential through serve's admin? use the CLI after serve created the store
        team_agent = L.token(envt, "tbot", "agent")
    st, b = L.post(P, team_agent, "/v1/decide", {"request_id": "t1", "action": "free", "params": {"s": "x"}})
    st2, b2 = L.post(P, main_agent, "/v1/decide", {"request_id": "m1", "action": "free", "params": {"s": "x"}})
    L.stop(p)
    v = L.sh(["journal", "verify"], envt); a = L.sh(["journal", "audit"], envt)
    cl = L.sh(["decide", "--agent", "tbot", "--action", "free", "--params", '{"s":"q"}', "--request-id", "q1"], envt)
    q = L.start(env, P, f"{d}/serve2.log", args=["--serve-namespace", f"team={L.POL}"]); up = q.poll() is None; L.stop(q)
    print(f"{case}: team decide via serve {st} {b.get('verdict') if isinstance(b, dict) else b}; main {st2}; keyed team verify {v.returncode} "
          f"({(v.stdout + v.stderr).strip().splitlines()[-1][:140]}); audit {a.returncode}; keyed team CLI decide {cl.returncode} {cl.stderr.strip()[-120:]}; serve restarts {up}", flush=True)
