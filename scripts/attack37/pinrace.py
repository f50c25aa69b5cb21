#!/usr/bin/env python3
# pinrace.py TOKEN TOOL N PORT[,PORT2] : N concurrent first-seen pins, different hashes, one fresh tool
import sys, json, hashlib, threading, urllib.request, collections
tok, tool, n, ports = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split(',')
server = sys.argv[5] if len(sys.argv) > 5 else "srv"
res = [None]*n
barrier = threading.Barrier(n)
def go(i):
    h = hashlib.sha256(f"def-{tool}-{i}".encode()).hexdigest()
    port = ports[i % len(ports)]
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/mcp/pins", data=json.dumps({"server":server,"tool":tool,"sha256":h}).encode(),
        headers={"Authorization":"Bearer "+tok,"Content-Type":"application/json"}, method="POST")
    barrier.wait()
    try:
        with urllib.request.urlopen(req, timeout=60) as r: res[i] = (r.status, h, r.read().decode())
    except urllib.error.HTTPError as e: res[i] = (e.code, h, e.read().decode())
    except Exception as e: res[i] = (0, h, repr(e))
ts = [threading.Thread(target=go, args=(i,)) for i in range(n)]
[t.start() for t in ts]; [t.join() for t in ts]
c = collections.Counter(r[0] for r in res)
print("status counts:", dict(c))
ok = [r for r in res if r[0] == 200]
winners = set()
for st, h, body in ok:
    try: winners.add(json.loads(body)["pin"]["sha256"])
    except Exception: winners.add("?"+body[:100])
print("200 answers name pins:", winners, "; 200 for own hash:", sum(1 for st,h,b in ok if h in b))
other = collections.Counter(r[2][:160] for r in res if r[0] != 200)
for k, v in other.most_common(4): print(v, k)
