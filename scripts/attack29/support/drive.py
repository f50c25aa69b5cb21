#!/usr/bin/env python3
# drive foureyes mcp-proxy over stdio: send each message (raw line) from a JSON list of strings, print answers
import sys, json, os, subprocess, select, time
FE = os.environ.get("FOUREYES_BIN", "/work/attack29/bin/foureyes")
d = sys.argv[1]; msgs = json.load(open(sys.argv[2]))
os.makedirs(d, exist_ok=True)
env = dict(os.environ, UPLOG=d + "/up.log")
p = subprocess.Popen([FE, "--db", d + "/f.db", "--policy", os.path.dirname(os.path.abspath(__file__)) + "/pol.yaml",
                      "mcp-proxy", "--name", "up", "--", sys.executable, os.path.dirname(os.path.abspath(__file__)) + "/up.py"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "w"), env=env)
def rd(t=3.0):
    out = []; end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([p.stdout], [], [], 0.2)
        if r:
            l = p.stdout.readline()
            if not l: break
            out.append(l.decode().rstrip()); end = time.time() + 0.5
    return out
for m in msgs:
    p.stdin.write(m.encode() + b"\n"); p.stdin.flush()
    for l in rd(): print("<<", l[:600])
p.stdin.close()
try: p.wait(5)
except Exception: p.kill(); p.wait()
print("== upstream received:")
for l in open(d + "/up.log"): print(">>", l.rstrip()[:600])
