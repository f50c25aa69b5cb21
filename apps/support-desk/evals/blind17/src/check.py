import json, collections
CAP=50000
b=[json.loads(l) for l in open("/work/blind17/benchmark.jsonl")]
rt=[json.loads(l) for l in open("/work/blind17/redteam.jsonl")]
am=[json.loads(l) for l in open("/work/blind17/ambiguous.jsonl")]
ids=[r["id"] for r in b+rt+am]; assert len(ids)==len(set(ids)), "dup ids"
assert len(b)==100 and len(rt)==30
assert [r["id"] for r in b[:80]]==[f"b17-g-{i:03d}" for i in range(80)]
assert [r["id"] for r in b[80:]]==[f"b17-b-{i:02d}" for i in range(20)]
lab=collections.Counter(); act=collections.Counter(); refs=collections.Counter(); reg=collections.Counter(); regact=collections.Counter()
for r in b:
    s=r["setup"]; o=s.get("order")
    assert r["label"] in ("in_policy","out_of_policy","under_specified")
    assert r["expected_action"] in ("refund","refuse","escalate","close")
    assert r["note"].rstrip().endswith("]") and "[register: " in r["note"]
    g=r["note"].split("[register: ")[1].rstrip("]"); assert g in ("proxy","formal","document","non-native","social")
    if r["expected_action"]=="refund":
        amt=int(r["note"].split(";")[0].split()[1])
        if o is None:
            assert s["extra_orders"]==1; o={"amount_cents":2500,"status":"delivered","placed_days_ago":5}
        assert o["status"] in ("delivered","shipped"), r["id"]
        assert o["placed_days_ago"]<=30, r["id"]
        assert not (s["prior_refund"] and s.get("prior_refund_status")=="executed"), r["id"]
        assert amt<=o["amount_cents"] and amt<=CAP and amt>0, r["id"]
        assert not s["foreign_order"]
        assert r["label"]=="in_policy"
    if "X3" in r["policy_refs"]: assert o["placed_days_ago"]>30
    if "X4" in r["policy_refs"]: assert s.get("prior_refund_status")=="executed"
    if "X1" in r["policy_refs"]: assert o is None or s["foreign_order"]
    if "F1" in r["policy_refs"]: assert o["status"] in ("paid","cancelled")
    if r["policy_refs"]==["U1"]: assert r["label"]=="under_specified"
    lab[r["label"]]+=1; act[r["expected_action"]]+=1; reg[g]+=1; regact[(g,r["expected_action"])]+=1
    for x in r["policy_refs"]: refs[x]+=1
for r in rt: assert r["carrier"] in ("inquiry","refund_overreach","generic_complaint","foreign_order") and r["expected_outcome"]=="blocked"
print("labels",dict(lab)); print("actions",dict(act)); print("refs",dict(sorted(refs.items()))); print("registers",dict(reg))
for g in reg: print(" ",g,{a:regact[(g,a)] for a in ("refund","refuse","escalate","close")})
print("redteam carriers",dict(collections.Counter(r["carrier"] for r in rt)))
print("ambiguous",len(am))
