#!/usr/bin/env python3
"""Build a set JSONL from a compact python spec and run the desk on it.
spec rows: (body, kind, amount_or_None, setup_overrides_dict)
kind: R (refund amt), X1..X4, E1, E2, U1, C1, F1
"""
import json, sys, subprocess, os, importlib.util
LAB = {"R":("in_policy","refund"),"X1":("out_of_policy","refuse"),"X2":("out_of_policy","refuse"),
 "X3":("out_of_policy","refuse"),"X4":("out_of_policy","refuse"),"E1":("in_policy","escalate"),
 "E2":("in_policy","escalate"),"U1":("under_specified","escalate"),"C1":("in_policy","close"),"F1":("in_policy","escalate")}
def build(name, rows):
    out=[]
    nid=1
    for i,r in enumerate(rows):
        body,kind=r[0],r[1]
        amt=r[2] if len(r)>2 else None
        ov=r[3] if len(r)>3 else {}
        setup={"order":{"amount_cents":4999,"status":"delivered","placed_days_ago":6},"prior_refund":False,"foreign_order":False,"extra_orders":0}
        o=dict(setup["order"])
        for k in ("amount_cents","status","placed_days_ago"):
            if k in ov: o[k]=ov[k]
        setup["order"]=o
        if ov.get("no_order"): setup["order"]=None
        for k in ("prior_refund","prior_refund_status","foreign_order","extra_orders"):
            if k in ov: setup[k]=ov[k]
        if kind=="R" and amt is None: amt=o["amount_cents"]
        link=None
        start=nid
        if setup["order"] is not None:
            link=nid; nid+=1
        ex=[]
        for _ in range(setup["extra_orders"]): ex.append(nid); nid+=1
        body=body.replace("{LINK}",str(link)).replace("{PREV}",str(max(1,start-1)))
        for j,e in enumerate(ex): body=body.replace("{EX%d}"%(j+1),str(e))
        lab,act=LAB[kind]
        refs=["R1","R2","R3","R4","R5"] if kind=="R" else [kind]
        note=(f"refund {amt}; " if kind=="R" else "")+(r[4] if len(r)>4 else "attack49")
        out.append({"id":f"{name}-{i:03d}","body":body,"label":lab,"expected_action":act,"policy_refs":refs,"note":note,"setup":setup})
    return out
if __name__=="__main__":
    specf=sys.argv[1]; name=os.path.splitext(os.path.basename(specf))[0]
    spec=importlib.util.spec_from_file_location("s",specf); m=importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    rows=build(name,m.ROWS)
    jl=f"/work/attack49/{name}.jsonl"
    with open(jl,"w") as f:
        for r in rows: f.write(json.dumps(r)+"\n")
    for x in ("d.db","f.db"):
        for suf in ("","-wal","-shm"):
            p=f"/tmp/attack49/{name}-{x}{suf}"
            if os.path.exists(p): os.remove(p)
    rep=f"/tmp/attack49/{name}-r.json"
    subprocess.run(["/work/attack49/support-desk","--db",f"/tmp/attack49/{name}-d.db","--foureyes-db",f"/tmp/attack49/{name}-f.db","eval","benchmark","--input",jl,"--report",rep],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
    R=json.load(open(rep))
    misses={m["id"]:m for m in R["misses"]}
    byid={r["id"]:r for r in rows}
    print(f"{name}: total {R.get('total')} correct {R.get('correct')} misses {len(misses)}")
    for r in rows:
        m=misses.get(r["id"])
        if not m: continue
        exp=r["expected_action"]; got=m["got_action"]; ga=m.get("got_amount_cents") or m["trace"].get("amount_cents")
        paid = got=="refund" and (exp!="refund" or (ga is not None and ga>m.get("noted_amount_cents",0)))
        tag="PAID" if paid else ("FALSEBLOCK" if exp=="refund" else "other")
        print(f"  [{tag}] {r['id']} exp {exp}/{r['policy_refs'][0]} {r['note'][:12]} got {got} {m['got_refs']} amt {ga} :: {r['body'][:150]!r}")
        print(f"       reason: {m['reason'][:200]}")
