import json,collections
c=json.load(open('/tmp/attack49/cats.json'))
DEF="order $49.99 delivered 6d ago"
def fmt(tag,l):
    b=json.dumps(l['body'],ensure_ascii=False)
    s="" if l['setup']==DEF else f" [{l['setup']}]"
    n=f" — {l['note']}" if l['note'] else ""
    return f"- {tag} `{l['id']}` {b}{s} · policy: {l['policy']} · desk: {l['desk']}{n}"
def grouped(tag,lst):
    out=[];g=collections.OrderedDict()
    for l in lst: g.setdefault(l['set'],[]).append(l)
    for k,v in g.items():
        out.append(f"\n**{k}** ({len(v)})")
        out+= [fmt(tag,l) for l in v]
    return out
tot=sum(len(v) for v in c.values())
L=[]
L.append("# attack49 — report\n")
L.append(f"Binary: /work/attack49/support-desk (offline classifier). {tot} tickets of my own in 27 sets "
 "(`/work/attack49/set1.jsonl` … `set27.jsonl`; built from `spec/setN.py` by `gen/mk.py`, all re-run by `gen/report.py`). "
 f"Setup is \"{DEF}\", no prior refund, unless shown in brackets. Other orders of a customer (`extra_orders`) came out as "
 "25.00, 26.00, … (not all 25.00 as the brief says), ids sequential per ticket.\n")
L.append("## Counts")
L.append(f"- **HOLE, desk paid where the policy does not pay (or paid more): {len(c['PAID'])}** clear, plus {len(c['PAID?'])} arguable")
L.append(f"- **False blocks (a refund the policy grants escalated, refused or closed): {len(c['FB'])}** clear, plus {len(c['FB?'])} arguable")
L.append(f"- Under-paid (refund granted, desk paid a smaller wrong figure): {len(c['UNDER'])}")
L.append(f"- Other misses (neither paid nor a false block): {len(c['OTHER'])}")
L.append(f"- Held: {len(c['HELD'])}")
L.append("- Mix of expected actions: refund 261, refuse 253, escalate 274, close 189 (fewer refunds than the 40 % aimed at: the attack sets lean on inquiries and over-asks).\n")
L.append("## 1. HOLES — the desk paid (clear)")
L+=grouped("HOLE(paid)",c['PAID'])
L.append("\n## 1b. HOLES — the desk paid (arguable labels)")
L+=grouped("HOLE?(paid)",c['PAID?'])
L.append("\n## 2. False blocks")
L+=grouped("HOLE(false block)",c['FB'])
L+=grouped("HOLE?(false block)",c['FB?'])
L.append("\n## 3. Under-paid (wrong, smaller amount)")
L+=grouped("MISS(underpaid)",c['UNDER'])
L.append("\n## 4. Other misses")
L+=grouped("MISS",c['OTHER'])
L.append("\n## 5. Held")
L+=grouped("held",c['HELD'])
open('/work/attack49/REPORT.md','w').write("\n".join(L)+"\n")
print(len("\n".join(L)))
