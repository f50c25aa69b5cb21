# remote31.py: mcp-proxy --server (remote engine) with a slow tool (UP_SLEEP) and report_within shorter than the call;
# while the first call runs, another proxy (another session) asks the same action under count:1; then the first proxy is
# SIGKILLed mid-call and the second asks again. Claim: a started call keeps its reservation (the second is deferred).
# usage: FOUREYES_BIN=... python3 remote31.py WORKDIR URL
import os, sys, json, subprocess, time, threading, signal
B = os.environ["FOUREYES_BIN"]; W, URL = sys.argv[1], sys.argv[2]; os.chdir(W); TOK = open("t.bot").read().strip()
try: os.remove("uplog")
except FileNotFoundError: pass
env = dict(os.environ, UP_SLEEP=os.environ.get("UP_SLEEP", "6"))
def start(session):
    p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--server", URL, "--token", TOK, "--session", session, "--",
        sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "a"), text=True, env=env)
    out = []; threading.Thread(target=lambda: [out.append(l) for l in p.stdout], daemon=True).start()
    def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush()
    send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}); time.sleep(0.7)
    send({"jsonrpc":"2.0","method":"notifications/initialized"}); send({"jsonrpc":"2.0","id":2,"method":"tools/list"}); time.sleep(1)
    return p, send, out
def show(out, tag):
    for l in out[2:]:
        try: d = json.loads(l)
        except Exception: continue
        r = d.get("result") or {}; t = (r.get("content") or [{}])[0].get("text", "") if isinstance(r, dict) else ""
        print(f"  [{tag}] id", d.get("id"), (t or json.dumps(d.get("error")))[:130])
a, sa, oa = start("A"); b, sb, ob = start("B")
sa({"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"pay","arguments":{"amount":1}}})
time.sleep(4)   # past report_within (2s) while the tool still runs
sb({"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"pay","arguments":{"amount":2}}}); time.sleep(1.5)
os.kill(a.pid, signal.SIGKILL); a.wait(); time.sleep(4)
sb({"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"pay","arguments":{"amount":3}}}); time.sleep(1.5)
b.stdin.close(); time.sleep(0.3); b.terminate(); b.wait(5)
show(oa, "A"); show(ob, "B")
n = sum(1 for l in open("uplog") if '"tools/call"' in l)
print(f"tools/call reached the upstream {n} time(s) under count: 1 (want 1)")
