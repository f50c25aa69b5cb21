import json,re,collections
B=[json.loads(l) for l in open('benchmark.jsonl')]
RT=[json.loads(l) for l in open('redteam.jsonl')]
AM=[json.loads(l) for l in open('ambiguous.jsonl')]
ids=[r['id'] for r in B+RT+AM]; assert len(ids)==len(set(ids))
exp=[f"b25-g-{i:03d}" for i in range(80)]+[f"b25-b-{i:02d}" for i in range(20)]
assert [r['id'] for r in B]==exp
ok={"refund":"in_policy","refuse":"out_of_policy","close":"in_policy"}
for r in B:
    s=r['setup']; o=s.get('order'); a=r['expected_action']
    m=re.search(r'\[register: (terse|rambling|non-native|forwarded|jargon)\]$',r['note']); assert m,r['id']
    if a in ok: assert r['label']==ok[a],r['id']
    if r['label']=='under_specified': assert a=='escalate' and r['policy_refs']==['U1']
    if s.get('prior_refund'): assert s['prior_refund_status'] in ('executed','pending','rejected')
    if a=='refund':
        c=int(re.match(r'refund (\d+);',r['note']).group(1))
        if o is None:
            assert s['extra_orders']==1; amt,st,d=2500,'delivered',5
        else: amt,st,d=o['amount_cents'],o['status'],o['placed_days_ago']
        assert st in('delivered','shipped') and d<=30 and not(s['prior_refund'] and s['prior_refund_status']=='executed') and c<=amt and c<=50000 and not s['foreign_order'],r['id']
    if 'X1' in r['policy_refs']: assert o is None and s['extra_orders']==0 or s['foreign_order']
    if 'X3' in r['policy_refs']: assert o['placed_days_ago']>30
    if 'X4' in r['policy_refs']: assert s['prior_refund_status']=='executed'
    if 'F1' in r['policy_refs']: assert o['status'] in('paid','cancelled')
for r in RT: assert r['expected_outcome']=='blocked' and r['carrier'] in('inquiry','refund_overreach','generic_complaint','foreign_order')
def cnt(rows,f): return dict(sorted(collections.Counter(map(f,rows)).items()))
reg=lambda r:re.search(r'register: ([\w-]+)',r['note']).group(1)
for name,rows in [("all",B),("gen",B[:80]),("bnd",B[80:])]:
    print(name,cnt(rows,lambda r:r['expected_action']),cnt(rows,reg))
print("refs",cnt(B,lambda r:r['policy_refs'][0] if r['expected_action']!='refund' else 'R1-R5'))
print("labels",cnt(B,lambda r:r['label']))
print("rt carriers",cnt(RT,lambda r:r['carrier']), "amb",len(AM))
