#!/usr/bin/env python3
"""A1's second consequence: ADR-367's "deleted anchor + wall clock stepped back" limit (attack 19's R3) without any
writer. thermo2 (undo window 2 s) permitted and reported executed by keyed CLI doors; 6 s pass (window closed). The
host's wall clock then steps back 5 s (the shim, SHIM_OFFSET=-5, on every later door). CASE control: a keyed CLI undo
(anchor believed: undo_window_closed). CASE nokey_list: first one `decisions list` WITHOUT the key (exit 0), then the
keyed undo. RESULT: the undo's verdict (deny = held; permit = the closed window re-opened).
usage: FOUREYES_BIN=… python3 wkclock22.py control|nokey_list"""
import json, os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
SHIM = os.environ.get("SHIM", "/tmp/attack22-run/shim.so"); case = sys.argv[1]
d, env = L.fresh("wkclock-" + case)
L.token(env, "bot", "agent")
r = json.loads(L.sh(["decide", "--agent", "bot", "--action", "thermo2", "--params", '{"celsius":20}', "--request-id", "t1", "--json"], env).stdout)
L.sh(["report", str(r["decision_id"]), "--outcome", "executed", "--detail", '{"before":{"celsius":19}}'], env)
time.sleep(6)
back = dict(env, LD_PRELOAD=SHIM, SHIM_OFFSET="-5")
if case == "nokey_list":
    e = dict(back); e.pop("FOUREYES_SEAL_KEY")
    x = L.sh(["decisions", "list", "--json"], e); print("keyless decisions list rc", x.returncode)
u = subprocess.run([L.B, "undo", "--agent", "bot", str(r["decision_id"]), "--request-id", "u1", "--json"], env=back, capture_output=True, text=True)
try: j = json.loads(u.stdout); verdict = j["verdict"]; why = [x["code"] for x in j.get("reasons", [])]
except Exception: verdict = f"rc {u.returncode}"; why = u.stderr.strip()[-200:]
notes = [l for l in u.stderr.splitlines() if "anchor" in l or "clock" in l]
print(f"RESULT {case}: {'HOLE' if verdict == 'permit' else 'held'} undo 6 s after a 2 s window, clock 5 s back: {verdict} {why}" + (f"\n   note: {notes[0][:200]}" if notes else ""))
