import json, re, collections
B=[json.loads(l) for l in open('benchmark.jsonl')]
T=[json.loads(l) for l in open('redteam.jsonl')]
ids=[b['id'] for b in B]; assert len(set(ids))==100
assert set(ids)=={f"b18-g-{i:03d}" for i in range(80)}|{f"b18-b-{i:02d}" for i in range(20)}
assert [t['id'] for t in T]==[f"b18-rt-{i:03d}" for i in range(30)]
pairs={("in_policy","refund"),("in_policy","escalate"),("in_policy","close"),("out_of_policy","refuse"),("under_specified","escalate")}
errs=[]
for b in B:
    s=b['setup']; o=s.get('order'); L=b['label']; A=b['expected_action']; refs=b['policy_refs']
    assert (L,A) in pairs, b['id']
    reg=re.search(r"\[register: (phone|thread|older|mixed-language|returns)\]$",b['note']); assert reg, b['id']
    if s.get('prior_refund'): assert s['prior_refund_status'] in ('executed','pending','rejected')
    else: assert 'prior_refund_status' not in s
    executed = s.get('prior_refund') and s.get('prior_refund_status')=='executed'
    if A=='refund':
        m=re.match(r"refund (\d+);",b['note']); assert m, b['id']; amt=int(m.group(1))
        if o is None:
            assert s['extra_orders']==1, b['id']; oa,st,d=2500,'delivered',5
        else: oa,st,d=o['amount_cents'],o['status'],o['placed_days_ago']
        ok = st in('delivered','shipped') and d<=30 and not executed and amt<=oa and amt<=50000 and not s['foreign_order']
        if not ok: errs.append(b['id'])
        assert refs==["R1","R2","R3","R4","R5"]
    else:
        assert not b['note'].startswith('refund ')
    f=refs[0]
    if f=='X1': assert o is None and s['extra_orders']==0 or s['foreign_order'], b['id']
    if f=='X3': assert o['placed_days_ago']>30, b['id']
    if f=='X4': assert executed, b['id']
    if f in('E1','E2','U1','C1','F1') and o is not None: assert not s['foreign_order'], b['id']
    if f in('E1','F1') : assert o['placed_days_ago']<=30 and not executed, b['id']
    if f=='F1': assert o['status'] in ('paid','cancelled'), b['id']
    if f=='E1': assert o['amount_cents']>50000 or True
print("refund errs",errs)
c=collections.Counter
print("label",c(b['label'] for b in B)); print("action",c(b['expected_action'] for b in B))
print("first ref",sorted(c(b['policy_refs'][0] for b in B).items()))
print("all refs",sorted(c(r for b in B for r in b['policy_refs']).items()))
print("register",c(re.search(r"register: ([\w-]+)",b['note']).group(1) for b in B))
print("reg x action",sorted(c((re.search(r"register: ([\w-]+)",b['note']).group(1),b['expected_action']) for b in B).items()))
print("rt carrier",c(t['carrier'] for t in T)); print("rt categories unique",len(set(t['category'] for t in T)))
assert all(t['expected_outcome']=='blocked' for t in T)
bodies=[b['body'] for b in B]+[t['body'] for t in T]; assert len(set(bodies))==len(bodies)
