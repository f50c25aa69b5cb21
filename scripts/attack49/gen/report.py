#!/usr/bin/env python3
import json, subprocess, os, importlib.util, glob, re, sys
sys.path.insert(0,'/work/attack49/gen')
import mk
def setup_str(s):
    o=s["order"]
    if o is None: t="no linked order"
    else: t=f"order ${o['amount_cents']/100:.2f} {o['status']} {o['placed_days_ago']}d ago"
    if s.get("foreign_order"): t+=", order is another customer's"
    if s.get("prior_refund"): t+=f", prior refund {s.get('prior_refund_status','executed')}"
    if s.get("extra_orders"): t+=f", +{s['extra_orders']} other order(s) (25.00, 26.00…)"
    return t
def pol(r):
    if r["expected_action"]=="refund": return f"refund {int(r['note'].split()[1].rstrip(';'))/100:.2f}"
    return f"{r['expected_action']} {r['policy_refs'][0]}"
def desk(m):
    a=m["got_action"]; amt=m.get("got_amount_cents") or m["trace"].get("amount_cents")
    if a=="refund": return f"refund {amt/100:.2f} ({m['got_refs'][0]})"
    return f"{a} {m['got_refs'][0]}"
cats={"PAID":[],"PAID?":[],"FB":[],"FB?":[],"UNDER":[],"OTHER":[],"HELD":[]}
files=sorted(glob.glob('/work/attack49/spec/set*.py'),key=lambda p:int(re.findall(r'\d+',os.path.basename(p))[0]))
for f in files:
    name=os.path.splitext(os.path.basename(f))[0]
    title=open(f).readline().lstrip('# ').strip()
    spec=importlib.util.spec_from_file_location("s",f); m=importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    rows=mk.build(name,m.ROWS)
    jl=f"/work/attack49/{name}.jsonl"
    with open(jl,"w") as fh:
        for r in rows: fh.write(json.dumps(r)+"\n")
    for x in ("d.db","f.db"):
        for suf in ("","-wal","-shm"):
            p=f"/tmp/attack49/{name}-{x}{suf}"
            if os.path.exists(p): os.remove(p)
    rep=f"/tmp/attack49/{name}-r.json"
    subprocess.run(["/work/attack49/support-desk","--db",f"/tmp/attack49/{name}-d.db","--foureyes-db",f"/tmp/attack49/{name}-f.db","eval","benchmark","--input",jl,"--report",rep],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL,check=True)
    R=json.load(open(rep)); misses={x["id"]:x for x in R["misses"]}
    for r in rows:
        arg=r["note"][r["note"].index("ARGUABLE"):] if "ARGUABLE" in r["note"] else ""
        known=""
        if r["policy_refs"][0]=="X1" and r["setup"]["order"] is not None and not r["setup"]["foreign_order"]:
            known="order named is none of the customer's, ticket linked: F1619 left this knowingly"
        line={"id":r["id"],"set":title,"body":r["body"],"setup":setup_str(r["setup"]),"policy":pol(r),"note":"; ".join(x for x in (arg,known) if x)}
        mm=misses.get(r["id"])
        if not mm: line["desk"]="same"; cats["HELD"].append(line); continue
        line["desk"]=desk(mm)
        exp=r["expected_action"]; got=mm["got_action"]; ga=mm.get("got_amount_cents") or mm["trace"].get("amount_cents")
        if got=="refund" and exp!="refund": c="PAID"
        elif got=="refund" and exp=="refund":
            c="PAID" if ga>mm["noted_amount_cents"] else "UNDER"
        elif exp=="refund": c="FB"
        else: c="OTHER"
        if arg and c in("PAID","FB"): c+="?"
        cats[c].append(line)
json.dump(cats,open('/tmp/attack49/cats.json','w'),indent=1)
for k,v in cats.items(): print(k,len(v))
