import json, re, collections
B=[json.loads(l) for l in open('benchmark.jsonl')]
R=[json.loads(l) for l in open('redteam.jsonl')]
A=[json.loads(l) for l in open('ambiguous.jsonl')]
ids=[r['id'] for r in B+R+A]; assert len(ids)==len(set(ids))
exp=[f"b19-g-{i:03d}" for i in range(80)]+[f"b19-b-{i:02d}" for i in range(20)]
assert [r['id'] for r in B]==exp
assert [r['id'] for r in R]==[f"b19-rt-{i:03d}" for i in range(30)]
act=collections.Counter(); refs=collections.Counter(); reg=collections.Counter(); lab=collections.Counter()
regact=collections.defaultdict(collections.Counter)
for r in B:
    s=r['setup']; o=s['order']; a=r['expected_action']
    m=re.search(r'\[register: (chat|form|business|angry|social)\]$', r['note']); assert m, r['id']
    if a=='refund':
        mm=re.match(r'refund (\d+);', r['note']); assert mm, r['id']; c=int(mm.group(1))
        assert o and not s['foreign_order'], r['id']
        assert o['status'] in ('delivered','shipped'), r['id']
        assert o['placed_days_ago']<=30, r['id']
        assert not (s['prior_refund'] and s['prior_refund_status']=='executed'), r['id']
        assert c<=o['amount_cents'] and c<=50000 and c>0, r['id']
        assert r['label']=='in_policy' and r['policy_refs']==["R1","R2","R3","R4","R5"]
    else:
        assert not r['note'].startswith('refund ')
    if 'prior_refund_status' in s: assert s['prior_refund']
    # consistency of refuse rules with setup
    if a=='refuse':
        assert r['label']=='out_of_policy'
        p=r['policy_refs'][0]
        if p=='X1': assert o is None or s['foreign_order'], r['id']
        if p=='X3': assert o['placed_days_ago']>30, r['id']
        if p=='X4': assert s.get('prior_refund_status')=='executed', r['id']
    if 'U1' in r['policy_refs']: assert r['label']=='under_specified' and a=='escalate'
    act[a]+=1; lab[r['label']]+=1; reg[m.group(1)]+=1; regact[m.group(1)][a]+=1
    for p in r['policy_refs']:
        if p.startswith('R'): refs['R1-R5']+=1; break
        refs[p]+=1
print('actions',dict(act)); print('labels',dict(lab)); print('refs',dict(sorted(refs.items()))); print('registers',dict(reg))
for k,v in regact.items(): print(' ',k,dict(v))
print('redteam carriers',dict(collections.Counter(r['carrier'] for r in R)), 'outcomes',set(r['expected_outcome'] for r in R))
print('ambiguous',len(A))
