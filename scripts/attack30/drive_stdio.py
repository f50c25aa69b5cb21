#!/usr/bin/env python3
"""Drive `foureyes mcp-proxy` over stdio with raw lines. Usage: drive_stdio.py DB POLICY UPLOG LINESFILE
LINESFILE: one raw line per message (sent as bytes, verbatim). Prints every proxy answer."""
import subprocess, sys, os, time, threading, json
B = os.environ.get("FOUREYES_BIN", "/work/attack30/bin/foureyes")
db, pol, uplog, lf = sys.argv[1:5]
env = dict(os.environ, UPLOG=uplog)
p = subprocess.Popen([B, "--db", db, "--policy", pol, "mcp-proxy", "--name", "bank", *os.environ.get("PROXYARGS","").split(), "--call-timeout", os.environ.get("CT","20s"), "--",
                      os.environ.get("UPPY", sys.executable), os.path.join(os.path.dirname(os.path.abspath(__file__)), os.environ.get("UPSCRIPT","upstream_log.py"))],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(uplog + ".proxy.err", "w"), env=env)
print("proxy pid", p.pid, flush=True)
def reader():
    for l in p.stdout:
        print("<<", l.decode(errors="replace").rstrip()[:400], flush=True)
threading.Thread(target=reader, daemon=True).start()
init = [b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        b'{"jsonrpc":"2.0","id":"l","method":"tools/list"}']
for l in init + [l.rstrip(b"\n") for l in open(lf, "rb") if l.strip()]:
    print(">>", l.decode(errors="replace")[:300], flush=True)
    p.stdin.write(l + b"\n"); p.stdin.flush(); time.sleep(float(os.environ.get("GAP", "0.6")))
time.sleep(float(os.environ.get("TAIL", "1")))
if os.environ.get("KILL9"):
    p.kill()
else:
    p.stdin.close()
try: p.wait(5)
except Exception: p.kill(); p.wait()
print("proxy rc", p.returncode)
