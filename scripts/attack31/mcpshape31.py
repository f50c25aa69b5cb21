# mcpshape31.py: send message shapes that one reader may take for a tools/call and the proxy may not; report which reach the upstream
# usage: FOUREYES_BIN=... python3 mcpshape31.py WORKDIR   (WORKDIR has policy.yaml with mcp.up.pay count:1, and up.py)
import os, sys, json, subprocess, time, threading
B = os.environ["FOUREYES_BIN"]; W = sys.argv[1]; os.chdir(W)
for f in ["m.db", "uplog"]:
    for s in ["", "-wal", "-shm", ".clock"]:
        try: os.remove(f + s)
        except FileNotFoundError: pass
p = subprocess.Popen([B, "mcp-proxy", "--name", "up", "--agent", "bot", "--policy", "policy.yaml", "--db", "m.db", "--",
                      sys.executable, "up.py", "uplog"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("proxy.err", "w"), text=True)
out = []
def rd():
    for l in p.stdout: out.append(l)
threading.Thread(target=rd, daemon=True).start()
def send(o):
    p.stdin.write((o if isinstance(o, str) else json.dumps(o)) + "\n"); p.stdin.flush(); time.sleep(0.6)
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}})
send({"jsonrpc":"2.0","method":"notifications/initialized"})
send({"jsonrpc":"2.0","id":2,"method":"tools/list"})
call = {"name":"pay","arguments":{"amount":50}}
shapes = {
  "s_permit": {"jsonrpc":"2.0","id":10,"method":"tools/call","params":call},
  "s_over": {"jsonrpc":"2.0","id":11,"method":"tools/call","params":call},
  "s_result": {"jsonrpc":"2.0","id":12,"method":"tools/call","params":call,"result":{}},
  "s_error": {"jsonrpc":"2.0","id":13,"method":"tools/call","params":call,"error":{"code":1,"message":"x"}},
  "s_notif": {"jsonrpc":"2.0","method":"tools/call","params":call},
  "s_idnull": {"jsonrpc":"2.0","id":None,"method":"tools/call","params":call},
  "s_idfloat": {"jsonrpc":"2.0","id":14.0,"method":"tools/call","params":call},
  "s_idobj": {"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":call},
  "s_idbool": {"jsonrpc":"2.0","id":True,"method":"tools/call","params":call},
  "s_rpc1": {"jsonrpc":"1.0","id":15,"method":"tools/call","params":call},
  "s_norpc": {"id":16,"method":"tools/call","params":call},
  "s_keyesc": '{"jsonrpc":"2.0","id":17,"m\\u0065thod":"tools/call","params":' + json.dumps(call) + '}',
  "s_params_arr": {"jsonrpc":"2.0","id":18,"method":"tools/call","params":["pay",{"amount":50}]},
  "s_name_arr": {"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":["pay"],"arguments":{"amount":50}}},
  "s_bom": "\ufeff" + json.dumps({"jsonrpc":"2.0","id":20,"method":"tools/call","params":call}),
  "s_args_str": {"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"pay","arguments":"{\"amount\":50}"}},
  "s_tool_case": {"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"PAY","arguments":{"amount":50}}},
  "s_tool_nul": {"jsonrpc":"2.0","id":23,"method":"tools/call","params":{"name":"pay\u0000","arguments":{"amount":50}}},
  "s_tool_sp": {"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":" pay","arguments":{"amount":50}}},
  "s_batch_mixed": [{"jsonrpc":"2.0","id":25,"method":"ping"},{"jsonrpc":"2.0","id":26,"method":"tools/call","params":call}],
}
for k, v in shapes.items():
    before = len(open("uplog").read().splitlines())
    send(v); time.sleep(0.4)
    got = open("uplog").read().splitlines()[before:]
    print(f"{k:14s} reached upstream: {len(got)}  {' | '.join(x[3:140] for x in got)}")
p.stdin.close(); time.sleep(1); p.terminate(); p.wait(5)
print("--- upstream tools/call lines total:", sum(1 for l in open('uplog') if 'tools/call' in l))
print("--- answers:"); [print("  ", l.strip()[:230]) for l in out[2:]]
