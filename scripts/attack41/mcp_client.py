#!/usr/bin/env python3
# drive `foureyes mcp-proxy` over stdio: initialize, tools/list, then call each tool named in argv
import sys, json, subprocess, os
cmd=json.loads(os.environ['PROXY'])
p=subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(os.environ.get('PERR','/dev/null'),'w'), text=True)
def rpc(i, meth, params=None):
    msg={"jsonrpc":"2.0","id":i,"method":meth}
    if params is not None: msg["params"]=params
    p.stdin.write(json.dumps(msg)+'\n'); p.stdin.flush()
    while True:
        l=p.stdout.readline()
        if not l: return None
        r=json.loads(l)
        if r.get('id')==i: return r
rpc(1,'initialize',{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}})
p.stdin.write(json.dumps({"jsonrpc":"2.0","method":"notifications/initialized"})+'\n'); p.stdin.flush()
r=rpc(2,'tools/list',{})
print("LIST:", json.dumps([t['name'] for t in (r or {}).get('result',{}).get('tools',[])], ensure_ascii=True))
for k,name in enumerate(sys.argv[1:]):
    r=rpc(10+k,'tools/call',{"name":name,"arguments":{"x":"1"}})
    res=(r or {}).get('result') or (r or {}).get('error')
    print("CALL", json.dumps(name, ensure_ascii=True), "->", json.dumps(res, ensure_ascii=True)[:300])
p.stdin.close(); p.wait(timeout=10)
