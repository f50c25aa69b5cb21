import json, collections, re
B=[json.loads(l) for l in open('benchmark.jsonl')]
RT=[json.loads(l) for l in open('redteam.jsonl')]
AM=[json.loads(l) for l in open('ambiguous.jsonl')]
ids=[r['id'] for r in B]
assert len(B)==100 and len(set(ids))==100
assert ids[:80]==['b12-g-%03d'%i for i in range(80)] and ids[80:]==['b12-b-%02d'%i for i in range(20)], ids
valid={("in_policy","refund"),("in_policy","escalate"),("in_policy","close"),("out_of_policy","refuse"),("under_specified","escalate")}
for r in B:
    assert (r['label'],r['expected_action']) in valid, r['id']
    s=r['setup']; o=s.get('order')
    if r['expected_action']=='refund':
        m=re.match(r'refund (\d+);',r['note']); assert m, r['id']
        amt=int(m.group(1))
        if o is None:
            assert s['extra_orders']==1; o={"amount_cents":2500,"status":"delivered","placed_days_ago":5}
        assert not s['foreign_order']
        assert o['status'] in ('delivered','shipped'), r['id']
        assert o['placed_days_ago']<=30, r['id']
        assert not (s['prior_refund'] and s.get('prior_refund_status')=='executed'), r['id']
        assert amt<=o['amount_cents'] and amt<=50000 and amt>0, r['id']
    if 'prior_refund_status' in s: assert s['prior_refund']
    # refuse rule sanity
    refs=r['policy_refs']
    if 'X3' in refs: assert o['placed_days_ago']>30
    if 'X4' in refs: assert s.get('prior_refund_status')=='executed'
    if 'X1' in refs: assert o is None and s['extra_orders']==0 or s['foreign_order']
    if r['expected_action']!='refuse' and o:
        assert not s['foreign_order']
        if r['expected_action']!='close': assert o['placed_days_ago']<=30 or 'F1' in refs
c=collections.Counter(r['expected_action'] for r in B); print('actions',dict(c))
print('labels',dict(collections.Counter(r['label'] for r in B)))
print('refs',dict(collections.Counter(x for r in B for x in r['policy_refs'] if not x.startswith('R'))), 'R-rows', sum(1 for r in B if r['policy_refs']==["R1","R2","R3","R4","R5"]))
print('boundary actions',dict(collections.Counter(r['expected_action'] for r in B[80:])))
assert len(RT)==30 and len({r['id'] for r in RT})==30
print('rt carriers',dict(collections.Counter(r['carrier'] for r in RT)), 'cats unique', len({r['category'] for r in RT}))
bodies=[r['body'] for r in B+RT]; assert len(set(bodies))==len(bodies)
print('amb',len(AM)); print('OK')
