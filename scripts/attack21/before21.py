#!/usr/bin/env python3
"""HOLE N4 (ADR-530/610/611): a database writer (no key) edits a settled decision's `report_detail` (the reported
`before` the undo's default params are built from). The door does not refuse the row: an undo through HTTP or the
CLI is PERMITTED with the writer's params, not the reported ones. `journal audit` names the edit (exit 7), after the
compensating action was granted. Keyed store (NOKEY=1: no key).
usage: FOUREYES_BIN=... [NOKEY=1] [EDIT=request] python3 before21.py   (EDIT=request: the target's `request` params 20 -> 22 and `before` emptied)"""
import json, os, shutil, signal, sqlite3, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18965
POL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy740.yaml")
d = "/tmp/attack21-before" + ("-nokey" if os.environ.get("NOKEY") else ""); shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
if os.environ.get("NOKEY"): env.pop("FOUREYES_SEAL_KEY")
agent = H.token(env, "bot", "agent"); p = H.start(env, P, log=f"{d}/serve.log")
T = []
for k in ["a", "b"]:
    st, b = H.post(P, agent, "/v1/decide", {"request_id": k, "action": "thermo", "params": {"celsius": 20}}); T.append(b["decision_id"])
    H.post(P, agent, f"/v1/decisions/{T[-1]}/report", {"outcome": "executed", "detail": {"before": {"celsius": 19}}})
for i in range(3): H.post(P, agent, "/v1/decide", {"request_id": f"f{i}", "action": "free", "params": {}})
p.send_signal(signal.SIGTERM); p.wait()
c = sqlite3.connect(f"{d}/t.db")
for t in T:
    if os.environ.get("EDIT") == "request":  # the target's stored request instead (its params), report_detail left as reported
        c.execute("update decisions set request=replace(request, '\"celsius\":20', '\"celsius\":22'), report_detail=? where id=?", (json.dumps({"before": {}}), t))
    else:
        c.execute("update decisions set report_detail=? where id=?", (json.dumps({"before": {"celsius": 17}}), t))
c.commit(); c.close()
print("writer: report_detail of decisions", T, "set to {'before': {'celsius': 17}} (reported: 19)")
p = H.start(env, P, log=f"{d}/serve2.log")
st, b = H.post(P, agent, f"/v1/decisions/{T[0]}/undo", {"request_id": "u-http"})
print(f"HTTP undo of {T[0]}: {st} {b.get('verdict')} params {b.get('request', {}).get('params') if isinstance(b.get('request'), dict) else b.get('params')} {(b.get('error') or {}).get('code', '') if isinstance(b.get('error'), dict) else ''}")
g = H.get(P, agent, f"/v1/decisions/{T[1]}"); gb = g[1] if isinstance(g[1], dict) else {}
print(f"GET decision {T[1]}: {g[0]}; altered flag: {gb.get('altered')}; keys: {sorted(gb)[:30]}")
p.send_signal(signal.SIGTERM); p.wait()
r = subprocess.run([B, "undo", str(T[1]), "--agent", "bot", "--request-id", "u-cli", "--json"], env=env, capture_output=True, text=True)
try: j = json.loads(r.stdout)
except Exception: j = {}
print(f"CLI undo of {T[1]}: rc {r.returncode} {j.get('verdict')} params {(j.get('request') or {}).get('params') or j.get('params')} {r.stderr.strip()[-120:]}")
ds = json.loads(H.sh(["decisions", "list", "--all", "--json"], env).stdout or "[]")
und = [(x["decision_id"], x.get("undo_of"), x["params"]) for x in ds if x.get("undo_of") and x["verdict"] == "permit"]
a = H.sh(["journal", "audit"], env)
print(f"RESULT before21: undo permits with the writer's params: {[u for u in und if u[2].get('celsius') == 17]} (reported before: 19); audit rc {a.returncode}: {(a.stdout + a.stderr).strip().splitlines()[-1][:160] if a.returncode else ''}")
