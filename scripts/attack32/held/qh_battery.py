import json, subprocess, os
F=os.environ.get('FOUREYES_BIN','/work/attack32/bin/foureyes')
D='/tmp/attack32/h'; db=D+'/q.db'; log=D+'/back.log'
if os.path.exists(db): os.remove(db)
cases=[('shop.q',{"order_id":v}) for v in ["1&amount=500","1%26amount=500","1#&amount=500","1;amount=500","1\u0026amount=500","1&amp;amount=500","1\uff06amount\uff1d500","1 &amount=500","1+&amount=500"]]
cases+=[('shop.host',{"sub":v}) for v in ["1","1:18081","1:18080","1.evil","1@127.0.0.1:18081","1/x","1\uff0e0","1\u3002","1:18081#","1%3A18081","1\\@x","1?","1:018080","1:18080.", "1.:18080","01","1:80","1:+18081"]]
for i,(a,p) in enumerate(cases):
    before=len(open(log).read().splitlines()) if os.path.exists(log) else 0
    r=subprocess.run([F,'execute','--db',db,'--policy',D+'/pol.yaml','--agent','bot','--action',a,'--params',json.dumps(p),'--request-id',f'q{i}','--json'],capture_output=True,text=True)
    lines=open(log).read().splitlines()[before:]
    try: j=json.loads(r.stdout); rd=j.get('report_detail') or {}; print(a,repr(p),r.returncode,j.get('outcome'),rd.get('url'),[json.loads(l)['raw']+' host='+json.loads(l)['hdr'].get('Host','') for l in lines],rd.get('error','')[:100])
    except Exception: print(a,repr(p),r.returncode,(r.stdout+r.stderr)[:150])
