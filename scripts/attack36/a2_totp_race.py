# attack36 line 2: the same TOTP code sent many times at once, to two serve processes on one SQLite file,
# while a database writer keeps setting tokens.totp_last_step back to NULL.
import sys, os, time, shutil, threading
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
ROUNDS = int(os.environ.get("ROUNDS", "3")); N = int(os.environ.get("N", "24"))
D = f"/tmp/attack36/a2{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, seal=seal); P1, P2 = 18410 + (2 if seal else 0), 18411 + (2 if seal else 0)
e.token("bot", "agent"); e.token("alice", "approver", totp=True)
p1 = e.serve(P1); p2 = e.serve(P2)
stop = threading.Event()
def writer():
    while not stop.is_set():
        try: e.sql("UPDATE tokens SET totp_last_step = NULL WHERE name='alice'")
        except Exception: pass
        time.sleep(0.002)
total_ok = 0
last = 0
try:
    for rnd in range(ROUNDS):
        apps = [e.defer(P1 if i % 2 else P2) for i in range(N)]
        while cur_step() <= last: time.sleep(0.2)
        wait_fresh_step(15); last = cur_step()
        code = code_at(e.secret["alice"], cur_step())
        w = threading.Thread(target=writer); stop.clear(); w.start()
        jobs = [(P1 if i % 2 else P2, a["approval_id"], a["digest"]) for i, a in enumerate(apps) for _ in range(2)]
        with ThreadPoolExecutor(64) as ex:
            res = list(ex.map(lambda j: e.approve(j[0], "alice", j[1], j[2], code), jobs))
        stop.set(); w.join()
        ok = [r for r in res if r[0] == 200]
        codes = {}
        for r in res: codes[r[0]] = codes.get(r[0], 0) + 1
        approved = e.sql("SELECT count(*) FROM approvals WHERE status='approved'")[0][0]
        print(f"round {rnd}: one code x {len(jobs)} requests -> statuses {codes}; approvals now approved (cumulative): {approved}", flush=True)
        total_ok += len(ok)
    print("total 200s:", total_ok, "of", ROUNDS, "codes (held iff == ROUNDS)")
    steps = e.sql("SELECT data FROM journal WHERE kind='credential' AND data LIKE '%totp_step_accepted%'")
    print("totp_step_accepted events:", len(steps))
    print("audit:", e.audit())
finally:
    stop.set(); e.stop_all()
