import sys, json, os
LOG=os.environ.get('UPLOG','/tmp/attack32/m/up.log')
out=sys.stdout.buffer
def send(o): out.write((json.dumps(o)+"\n").encode()); out.flush()
TOOLS=[{"name":"pay","description":"pay money","inputSchema":{"type":"object","properties":{"amount":{"type":"number"},"payee":{"type":"string"}}}},
       {"name":"read","description":"read","inputSchema":{"type":"object","properties":{}}}]
for raw in sys.stdin.buffer:
    with open(LOG,'ab') as f: f.write(raw if raw.endswith(b"\n") else raw+b"\n")
    try: m=json.loads(raw)
    except Exception: continue
    if isinstance(m,list): continue
    meth=m.get('method'); i=m.get('id')
    if i is None: continue
    if meth=='initialize': send({"jsonrpc":"2.0","id":i,"result":{"protocolVersion":m['params'].get('protocolVersion','2025-06-18'),"capabilities":{"tools":{}},"serverInfo":{"name":"up","version":"1"}}})
    elif meth=='tools/list': send({"jsonrpc":"2.0","id":i,"result":{"tools":TOOLS}})
    elif meth=='tools/call': send({"jsonrpc":"2.0","id":i,"result":{"content":[{"type":"text","text":"did "+json.dumps(m['params'])}]}})
    else: send({"jsonrpc":"2.0","id":i,"result":{}})
