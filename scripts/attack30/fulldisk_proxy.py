#!/usr/bin/env python3
"""The embedded MCP proxy on a database whose disk fills: fill DIR's tmpfs with 4 KiB files, then free one at a time,
one tools/call per step. Afterwards every call the upstream ran must have a start mark and a decision.
Usage: fulldisk_proxy.py DIR POLICY STEPS"""
import subprocess, sys, os, json, time, select
B = os.environ.get("FOUREYES_BIN", "/work/attack30/bin/foureyes")
d, pol, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
up = os.path.join(d, "..", "updisk.log"); open(up, "w").close()
H = os.path.dirname(os.path.abspath(__file__))
p = subprocess.Popen([B, "--db", os.path.join(d, "fe.db"), "--policy", pol, "mcp-proxy", "--name", "bank", "--", sys.executable, os.path.join(H, "upstream_log.py")],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(up + ".err", "w"), env=dict(os.environ, UPLOG=up))
def send(o):
    p.stdin.write((json.dumps(o) + "\n").encode()); p.stdin.flush()
def recv(t=15):
    r, _, _ = select.select([p.stdout], [], [], t)
    return p.stdout.readline().decode() if r else None
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}); recv()
send({"jsonrpc": "2.0", "method": "notifications/initialized"}); send({"jsonrpc": "2.0", "id": "l", "method": "tools/list"}); recv()
fill = []; i = 0
while True:
    f = os.path.join(d, "fill%05d" % i); i += 1
    try:
        with open(f, "wb") as fh: fh.write(b"\0" * 4096)
        fill.append(f)
    except OSError:
        try: os.unlink(f)
        except OSError: pass
        break
for _ in range(int(os.environ.get("FREE_FILES", "0"))): os.unlink(fill.pop())
print("filled with", len(fill), "files", flush=True)
answers = {}
for k in range(1, steps + 1):
    pass
    send({"jsonrpc": "2.0", "id": k, "method": "tools/call", "params": {"name": "pay", "arguments": {"amount": k}}})
    a = recv()
    if a is None: print(k, "NO ANSWER"); break
    j = json.loads(a); res = j.get("result", {})
    txt = json.dumps(res)[:160]
    answers[k] = ("isError" if res.get("isError") else "ok") if "result" in j else "rpcerror"
    print(k, answers[k], txt, flush=True)
    if p.poll() is not None: print("proxy exited", p.returncode); break
for f in fill: os.unlink(f)
p.stdin.close(); p.wait(10)
ran = [int(l.split('"amount": ')[1].split("}")[0]) for l in open(up) if l.startswith("RAN")]
print("upstream ran amounts:", ran)
