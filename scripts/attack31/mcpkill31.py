# mcpkill31.py: an approved MCP call forwarded, the proxy SIGKILLed while the upstream runs it, a new proxy started, the
# identical call re-sent (also on a new --session label, and after a restart with --retry-window 1s).
# Claim: the approved call reaches the upstream once. usage: FOUREYES_BIN=... python3 mcpkill31.py WORKDIR POLICY
import os, sys, json, subprocess, time, threading, signal
B = os.environ["FOUREYES_BIN"]; W, POL = sys.argv[1], sys.argv[2]; os.chdir(W)
for f in ["m.db", "m.db-wal", "m.db-shm", "m.db.clock", "uplog"]:
    try: os.remove(f)
    except FileNotFoundError: pass
env = dict(os.environ, UP_SLEEP="2")
call = {"name":"pay","arguments":{"amount":7}}
def start(extra=()):
    p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", POL, "--db", "m.db", *extra, "--",
        sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "a"), text=True, env=env)
    out = []; threading.Thread(target=lambda: [out.append(l) for l in p.stdout], daemon=True).start()
    def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush()
    send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}); time.sleep(0.5)
    send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"}); time.sleep(0.8)
    return p, send, out
def stop(p):
    try: p.stdin.close()
    except Exception: pass
    time.sleep(0.3); p.terminate(); p.wait(5)
def show(out, tag):
    for l in out[2:]:
        try: d = json.loads(l)
        except Exception: continue
        r = d.get("result") or {}; t = (r.get("content") or [{}])[0].get("text", "") if isinstance(r, dict) else ""
        print(f"  [{tag}] id", d.get("id"), (t or json.dumps(d.get("error")))[:120])
p, send, out = start(); send({"jsonrpc":"2.0","id":10,"method":"tools/call","params":call}); time.sleep(1)
a = json.loads(subprocess.run([B, "--db", "m.db", "approvals", "list", "--json"], capture_output=True, text=True).stdout)
subprocess.run([B, "--db", "m.db", "--policy", POL, "approvals", "approve", str(a[0]["approval_id"]), "--as", "alice", "--digest", a[0]["digest"]], capture_output=True)
send({"jsonrpc":"2.0","id":11,"method":"tools/call","params":call}); time.sleep(0.8)
os.kill(p.pid, signal.SIGKILL); p.wait(); time.sleep(2.5); show(out, "first")
for extra, tag in [((), "restart"), (("--session", "other"), "other-session"), (("--retry-window", "1s"), "retry-window 1s")]:
    p, send, out = start(extra); send({"jsonrpc":"2.0","id":30,"method":"tools/call","params":call}); time.sleep(3.5); stop(p); show(out, tag)
n = sum(1 for l in open("uplog") if '"tools/call"' in l)
print(f"approved call reached the upstream {n} time(s) (want 1)")
print(subprocess.run(["sqlite3", "m.db", "select id||' '||verdict||' '||status from decisions"], capture_output=True, text=True).stdout)
