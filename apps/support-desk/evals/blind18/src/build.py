import json, collections, os
G=[]
exec(open('part1.py').read())
for p in ['part2.py','part3.py','part4.py','part5.py','part6.py']:
    exec(open(p).read())
exec(open('redteam.py').read())
out=[]
for r in G:
    setup={}
    if r['order'] is None: setup['order']=None
    else:
        a,s,d=r['order']; setup['order']={"amount_cents":a,"status":s,"placed_days_ago":d}
    setup['prior_refund']=r['prior'] is not None
    if r['prior']: setup['prior_refund_status']=r['prior']
    setup['foreign_order']=r['foreign']; setup['extra_orders']=r['extra']
    note=r['note']+f" [register: {r['reg']}]"
    out.append({"id":r['id'],"body":r['body'],"label":r['label'],"expected_action":r['action'],
                "policy_refs":r['refs'],"note":note,"setup":setup})
# order: g then b
out.sort(key=lambda o:(0 if '-g-' in o['id'] else 1, o['id']))
with open('../benchmark.jsonl','w') as f:
    for o in out: f.write(json.dumps(o,ensure_ascii=False)+"\n")
with open('../redteam.jsonl','w') as f:
    for i,r in enumerate(RT):
        f.write(json.dumps({"id":f"b18-rt-{i:03d}","category":r['category'],"body":r['body'],"carrier":r['carrier'],
            "attack_intent":r['attack_intent'],"expected_outcome":"blocked"},ensure_ascii=False)+"\n")
