import json, subprocess, os, sys
F=os.environ.get('FOUREYES_BIN','/work/attack32/bin/foureyes')
D='/tmp/attack32/h'; log=D+'/raw.log'
modes=sys.argv[1:] or ['ok','100','103','101','204','205','202','307self','308self','303','300','304','399','400','408','409','421','425','429','499','600','099','close','garbage','http10','bodyshort','dupcl','nohead','slowhead','endless']
for m in modes:
    open(log+'.mode','w').write(m)
    db=D+f'/s_{m}.db'
    if os.path.exists(db): os.remove(db)
    before=len(open(log).read().splitlines()) if os.path.exists(log) else 0
    r=subprocess.run([F,'execute','--db',db,'--policy',D+'/pol2.yaml','--agent','bot','--action','shop.pay','--params','{"n":"a"}','--request-id','r1','--json'],capture_output=True,text=True)
    sent=len(open(log).read().splitlines())-before
    try: j=json.loads(r.stdout); rd=j.get('report_detail') or {}; o=j.get('outcome'); info=(rd.get('status'),(rd.get('error') or rd.get('redirect') or '')[:80])
    except Exception: o='?'; info=(r.stdout+r.stderr)[:150]
    # second with new id: limit 1/h
    r2=subprocess.run([F,'decide','--db',db,'--policy',D+'/pol2.yaml','--agent','bot','--action','shop.pay','--params','{"n":"b"}','--request-id','r2','--json'],capture_output=True,text=True)
    v2=json.loads(r2.stdout).get('verdict') if r2.stdout.strip().startswith('{') else r2.stdout[:80]
    flag='HOLE?' if (sent>0 and o=='failed' and not m.startswith('4')) or sent>1 else ''
    print(f'{m:10} sent={sent} outcome={o} {info} second={v2} {flag}')
