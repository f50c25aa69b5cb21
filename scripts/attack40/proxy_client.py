#!/usr/bin/env python3
# drive `foureyes mcp-proxy` over stdio: list tools, call each listed and some hidden ones
import subprocess, json, sys, os
db, pol, name = sys.argv[1], sys.argv[2], sys.argv[3]
calls = sys.argv[4:]
p=subprocess.Popen([os.environ.get('F','/work/attack40/foureyes'),'--db',db,'--policy',pol,'mcp-proxy','--name',name,'--','python3',os.path.join(os.path.dirname(os.path.abspath(__file__)),'upstream.py')],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True)
def rpc(i,meth,params=None):
    p.stdin.write(json.dumps({'jsonrpc':'2.0','id':i,'method':meth,'params':params or {}})+'\n'); p.stdin.flush()
    return json.loads(p.stdout.readline())
print('init', 'result' in rpc(1,'initialize',{'protocolVersion':'2025-06-18','capabilities':{},'clientInfo':{'name':'c','version':'1'}}))
p.stdin.write(json.dumps({'jsonrpc':'2.0','method':'notifications/initialized'})+'\n'); p.stdin.flush()
tl=rpc(2,'tools/list'); names=[t['name'] for t in tl.get('result',{}).get('tools',[])]
print('listed:', [n if len(n)<20 else n[:3]+'…%d'%len(n) for n in names])
for i,n in enumerate(calls):
    r=rpc(10+i,'tools/call',{'name':n,'arguments':{'p':'x'}})
    res=r.get('result',{}); txt=(res.get('content') or [{}])[0].get('text','') if res else json.dumps(r.get('error'))
    print('call %-12r isError=%s %s' % (n if len(n)<20 else n[:3]+'…%d'%len(n), res.get('isError'), txt[:150].replace('\n',' ')))
p.stdin.close(); 
try: p.wait(timeout=5)
except Exception: p.kill()
print('stderr:', p.stderr.read()[:600].replace('\n',' | '))
