import subprocess, os, time, json, sys
F=os.environ.get('FOUREYES_BIN','/work/attack32/bin/foureyes'); D='/tmp/attack32/m'
for mode in sys.argv[1:]:
    db=f'{D}/pin_{mode}.db'; log=f'{D}/pin_{mode}.log'
    for f in (db,db+'-wal',db+'-shm',log):
        if os.path.exists(f): os.remove(f)
    p=subprocess.Popen([F,'mcp-proxy','--db',db,'--policy',D+'/pol.yaml','--name','up','--','python3',D+'/up2.py'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,env=dict(os.environ,UPLOG=log,MODE=mode))
    msgs=[b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',b'{"jsonrpc":"2.0","method":"notifications/initialized"}',b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}',b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}',b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{}}}']
    for m in msgs: p.stdin.write(m+b'\n'); p.stdin.flush(); time.sleep(0.3)
    p.stdin.close(); p.stdin=None
    o,e=p.communicate(timeout=10)
    outs=o.decode().splitlines()
    l2=[l for l in outs if '"id":2' in l.replace(' ','')]
    l3=[l for l in outs if '"id":3' in l.replace(' ','')]
    called=sum(1 for l in open(log) if 'tools/call' in l)
    print(f'== {mode}: second listing to client: {l2[0][:230] if l2 else None}\n   call reached upstream: {called}  answer: {l3[0][:150] if l3 else None}')
