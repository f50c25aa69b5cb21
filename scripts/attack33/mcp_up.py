import sys, json
log=open('/tmp/attack33/mcp/up.log','a')
for line in sys.stdin:
    log.write(line); log.flush()
    try: m=json.loads(line)
    except Exception: continue
    msgs = m if isinstance(m,list) else [m]
    out=[]
    for m in msgs:
        if not isinstance(m,dict): continue
        meth=m.get('method'); i=m.get('id')
        if meth=='tools/call':
            log.write('EXECUTED '+json.dumps(m.get('params'))+'\n'); log.flush()
        if i is None: continue
        if meth=='initialize': r={"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"up","version":"1"}}
        elif meth=='tools/list': r={"tools":[{"name":"read","description":"read","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}},{"name":"pay","description":"pay","inputSchema":{"type":"object","properties":{"amount":{"type":"integer"}},"required":["amount"]}}]}
        elif meth=='tools/call': r={"content":[{"type":"text","text":"done "+json.dumps(m.get('params'))}]}
        else: r={}
        out.append({"jsonrpc":"2.0","id":i,"result":r})
    for o in out: sys.stdout.write(json.dumps(o)+"\n"); sys.stdout.flush()
