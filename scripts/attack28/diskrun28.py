"""A full disk (tmpfs) while a connector run is in flight: the run acts, then its report cannot be written. What is
the agent told, what does a retry by request id say, what does a restart find? usage: diskrun28.py   needs: root
(tmpfs) — i.e. the disk; agent credential"""
import sys, os, time, threading, json, subprocess
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
mnt = "/tmp/attack28/tmpfs"
os.makedirs(mnt, exist_ok=True)
subprocess.run(["umount", mnt], capture_output=True)
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mnt], check=True)
try:
    d = mnt
    t = Target(lambda p, h, b, c: (time.sleep(3), ok(c)))
    pol = "/tmp/attack28/diskrun.yaml"
    open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/r/{{{{ params.order_id }}}}", success: {{ status: [200] }}, timeout: 10s }}
""")
    agent = token(d, "bot", "agent")
    s = Serve(d, pol)
    res = {}
    def go(i): res[i] = call(s.url("/v1/execute"), agent, {"request_id": f"r{i}", "action": "shop.refund", "params": {"order_id": f"ord_{i}"}})
    th = threading.Thread(target=go, args=(1,)); th.start()
    while not t.hits: time.sleep(0.05)
    subprocess.run(["dd", "if=/dev/zero", f"of={mnt}/fill", "bs=1M", "count=64"], capture_output=True)
    th.join()
    print("agent told:", res[1][0], json.dumps(res[1][1])[:300])
    go(2); print("second execute (other id) while full:", res[2][0], str(res[2][1])[:200])
    r = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    print("retry r1 while full:", r[0], str(r[1])[:200])
    os.remove(f"{mnt}/fill")
    r = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    print("retry r1 after space freed (same serve):", r[0], str(r[1])[:200])
    s.kill(signal.SIGTERM)
    s2 = Serve(d, pol)
    r = call(s2.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    o = r[1] if isinstance(r[1], dict) else {}
    print("retry r1 after restart:", r[0], o.get("status"), o.get("ran"), o.get("replayed"), o.get("outcome"))
    r = call(s2.url("/v1/execute"), agent, {"request_id": "r3", "action": "shop.refund", "params": {"order_id": "ord_3"}})
    o = r[1] if isinstance(r[1], dict) else {}
    print("new id r3 after restart:", r[0], o.get("verdict"), o.get("outcome"))
    u = sh(["unconfirmed", "--db", d + "/fe.db", "--policy", pol]); print(u.stdout.strip()[:400])
    print("target hits:", [h[1] for h in t.hits])
    print("RESULT", "HOLE" if len(t.hits) > 1 else "held", f"{len(t.hits)} runs vs count 1")
    s2.kill(signal.SIGTERM)
    v = sh(["journal", "verify", "--db", d + "/fe.db"]); a = sh(["journal", "audit", "--db", d + "/fe.db"])
    print("verify", v.returncode, "audit", a.returncode, a.stdout.strip()[-150:])
finally:
    cleanup()
    for _ in range(20):
        time.sleep(0.5)
        if subprocess.run(["umount", mnt], capture_output=True).returncode == 0: break
