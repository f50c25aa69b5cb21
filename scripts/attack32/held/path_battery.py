import json, subprocess, os, sys
F=os.environ.get('FOUREYES_BIN','/work/attack32/bin/foureyes')
D='/tmp/attack32/h'
db=D+'/p.db'
for f in [db]:
    if os.path.exists(f): os.remove(f)
log=D+'/back.log'
vals=["..","../admin","..\\admin","%2e%2e","%2e%2e%2fadmin",".%2e","..;x","..%3bx","..;","．．","．．／admin","..／admin","%c0%ae%c0%ae","..\u0000","..\t",".. ","..%00","..?x=1","..#x","x?admin=1","x#frag","\u2024\u2024","\uff0e\uff0e","\u2025","..\u200b","\u3002\u3002","....","...","..%20",". .","..%09","..\r\nHost: evil",";/../admin",".;","..;/","x/../../admin","\\..\\admin","a\\..","..%5c","..%255c","%252e%252e","..\u0085","..\u00a0","~","..:","..@evil","%u002e%u002e","..\ufe52","\ufe52\ufe52","..\u2215admin","\u2215..\u2215admin","\uff0f..\uff0fadmin"]
res=[]
for i,v in enumerate(vals):
    before=sum(1 for _ in open(log)) if os.path.exists(log) else 0
    p=subprocess.run([F,'execute','--db',db,'--policy',D+'/pol.yaml','--agent','bot','--action','shop.refund','--params',json.dumps({"order_id":v,"amount_eur":1}),'--request-id',f'p{i}','--json'],capture_output=True,text=True)
    lines=open(log).read().splitlines()[before:] if os.path.exists(log) else []
    try: j=json.loads(p.stdout); out=j.get('outcome'); url=(j.get('report_detail') or {}).get('url'); err=(j.get('report_detail') or {}).get('error','')[:90]
    except Exception: out='?'; url=None; err=(p.stdout+p.stderr)[:120]
    reached=[json.loads(l)['raw'] for l in lines]
    bad=[r for r in reached if not (r.startswith('/api/orders/') and r.endswith('/refunds') and r.count('/')==4)]
    print(repr(v), p.returncode, out, url, reached, 'BAD' if bad else '', err)
