"""Client -> upstream smuggling through the MCP proxy (embedded, stdio): a tools/call the door never decided reaching
the upstream. The policy denies mcp.fs.danger; every message the upstream receives is logged (parsed with Python's
json, last key wins, as the Python SDK does). usage: mcpsmug28.py [case ...]   needs: the agent's bytes (MCP client)"""
import sys, os, json, subprocess, time, select
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
UP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcpup28.py")
CALL = '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"danger","arguments":{}}}'
CASES = {
 "plain": CALL % 10,
 "batch": "[" + CALL % 11 + "]",
 "batch2": '[{"jsonrpc":"2.0","id":12,"method":"ping"},' + CALL % 13 + "]",
 "dupmethod": '{"jsonrpc":"2.0","id":14,"method":"ping","method":"tools/call","params":{"name":"danger","arguments":{}}}',
 "dupname": '{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"safe","name":"danger","arguments":{}}}',
 "dupparams": '{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"safe","arguments":{}},"params":{"name":"danger","arguments":{}}}',
 "escmethod": '{"jsonrpc":"2.0","id":17,"method":"tools\\/call","params":{"name":"danger","arguments":{}}}',
 "escname": '{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"d\\u0061nger","arguments":{}}}',
 "notif": '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"danger","arguments":{}}}',
 "idnull": '{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"danger","arguments":{}}}',
 "bom": "\ufeff" + CALL % 19,
 "nbsp": "\u00a0" + CALL % 20,
 "trail": CALL % 21 + " x",
 "two": CALL % 22 + CALL % 23,
 "cr": CALL.replace(",", ",\r") % 24,
 "lsep": CALL.replace(",", ",\u2028") % 25,
 "deep_args": '{"jsonrpc":"2.0","id":26,"method":"tools/call","params":{"name":"danger","arguments":' + "[" * 200 + "]" * 200 + "}}",
 "surrogate": '{"jsonrpc":"2.0","id":27,"method":"tools/call","params":{"name":"danger","arguments":{"x":"\\ud800"}}}',
 "bigid": CALL % "1e400",
 "nocall_caps": '{"jsonrpc":"2.0","id":28,"method":"Tools/Call","params":{"name":"danger","arguments":{}}}',
 "jsonrpc1": '{"jsonrpc":"1.0","id":29,"method":"tools/call","params":{"name":"danger","arguments":{}}}',
 "taskwrap": '{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"danger","arguments":{},"task":{"ttl":1000}}}',
}
def main():
    cases = sys.argv[1:] or list(CASES)
    d = fresh("mcpsmug")
    pol = d + "/p.yaml"
    open(pol, "w").write("version: 1\nactions:\n  mcp.fs.safe:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n    params: {}\n  mcp.fs.danger:\n    tier: 3\n    params: {}\n")
    open(d + "/touch", "w").close()
    os.makedirs(d + "/up", exist_ok=True); open(d + "/up/s0", "w").close()   # not the first session: no special listing
    holes = []
    for c in cases:
        p = subprocess.Popen([BIN, "mcp-proxy", "--db", d + "/fe.db", "--policy", pol, "--name", "fs", "--agent", "bot", "--no-pin-tools", "--", UP, d + "/up"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(d + "/proxy.err", "ab"))
        PROCS.append(p)
        def send(s): p.stdin.write(s.encode() + b"\n"); p.stdin.flush()
        outl = []
        def drain(t=1.5):
            end = time.time() + t
            while time.time() < end:
                r, _, _ = select.select([p.stdout], [], [], 0.2)
                if r:
                    l = p.stdout.readline()
                    if not l: break
                    outl.append(l.decode())
        send('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}')
        drain(1); send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
        n0 = len(open(d + "/up/calls").read().splitlines()) if os.path.exists(d + "/up/calls") else 0
        send(CASES[c]); drain(2)
        try: p.stdin.close()
        except Exception: pass
        try: p.wait(timeout=10)
        except Exception: p.kill()
        calls = open(d + "/up/calls").read().splitlines()[n0:] if os.path.exists(d + "/up/calls") else []
        reached = [l for l in calls if '"danger"' in l or 'd\\u0061nger' in l]
        print(f"{c:12s} upstream got tools/call danger: {len(reached)}  client saw: {(outl[-1] if len(outl) > 1 else '-')[:110].strip()}")
        if reached: holes.append(c)
    print("RESULT", ("HOLE " + str(holes)) if holes else "held", f"{len(holes)} of {len(cases)} reached the upstream")
    j = sh(["journal", "verify", "--db", d + "/fe.db"]); print(j.returncode, j.stdout.strip()[-100:])
    cleanup()

if __name__ == '__main__':
    main()
