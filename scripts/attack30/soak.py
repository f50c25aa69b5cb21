#!/usr/bin/env python3
"""Bounded load on a keyed serve: decide + report (tier 2, limit), decide-only (never reported), deferrals;
samples the server's RSS. Usage: soak.py PORT TOKEN SERVE_PID SECONDS"""
import sys, json, time, http.client, threading, os, random
port, tok, pid, secs = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
H = {"Authorization": "Bearer " + tok, "content-type": "application/json"}
stop = time.time() + secs; n = [0, 0]
def rss():
    for l in open("/proc/%d/status" % pid):
        if l.startswith("VmRSS"): return int(l.split()[1])
def worker(w):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10); i = 0
    while time.time() < stop:
        i += 1; rid = "w%d-%d-%d" % (w, i, random.randrange(1 << 30))
        kind = i % 4
        try:
            if kind == 3:
                body = {"request_id": rid, "action": "pay.big", "params": {"amount": 5}}
            else:
                body = {"request_id": rid, "action": "soak.op", "params": {"n": i % 1000}}
            c.request("POST", "/v1/decide", json.dumps(body), H); r = c.getresponse(); d = json.loads(r.read())
            if kind in (0, 1) and d.get("verdict") == "permit":
                c.request("POST", "/v1/decisions/%d/report" % d["decision_id"], json.dumps({"outcome": "executed"}), H); r = c.getresponse(); r.read()
            n[0] += 1
        except Exception as e:
            n[1] += 1; c = http.client.HTTPConnection("127.0.0.1", port, timeout=10); time.sleep(0.2)
ts = [threading.Thread(target=worker, args=(w,)) for w in range(2)]
[t.start() for t in ts]
while time.time() < stop:
    print("t=%5.0f rss_kb=%s requests=%d errors=%d" % (secs - (stop - time.time()), rss(), n[0], n[1]), flush=True); time.sleep(30)
[t.join() for t in ts]
print("end rss_kb=%s requests=%d errors=%d" % (rss(), n[0], n[1]))
