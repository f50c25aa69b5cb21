import json, collections, re
ids=set(); c=collections.Counter(); reg=collections.Counter(); refs=collections.Counter(); lab=collections.Counter()
rows=[json.loads(l) for l in open("benchmark.jsonl")]
assert len(rows)==100
for r in rows:
    assert r["id"] not in ids; ids.add(r["id"])
    s=r["setup"]; o=s.get("order")
    m=re.search(r"\[register: (terse|rambling|non-native|forwarded|jargon)\]$", r["note"]); assert m, r["id"]
    reg[m.group(1)]+=1; c[r["expected_action"]]+=1; lab[(r["label"],r["expected_action"])]+=1
    for x in r["policy_refs"]: refs[x]+=1
    assert r["label"] in ("in_policy","out_of_policy","under_specified")
    if s["prior_refund"]: assert s["prior_refund_status"] in ("executed","pending","rejected")
    else: assert "prior_refund_status" not in s
    if r["expected_action"]=="refund":
        cents=int(re.match(r"refund (\d+);", r["note"]).group(1))
        if o is None:
            assert s["extra_orders"]==1; o={"amount_cents":2500,"status":"delivered","placed_days_ago":5}; pr=False
        else:
            pr = s["prior_refund"] and s["prior_refund_status"]=="executed"
        assert o["status"] in ("delivered","shipped"), r["id"]
        assert o["placed_days_ago"]<=30, r["id"]
        assert not pr and not s["foreign_order"], r["id"]
        assert 0<cents<=o["amount_cents"] and cents<=50000, r["id"]
        assert r["policy_refs"]==["R1","R2","R3","R4","R5"]
print("benchmark ok", dict(c), dict(lab), dict(reg), dict(refs), sep="\n")
for fn in ("redteam.jsonl","ambiguous.jsonl"):
    try: L=[json.loads(l) for l in open(fn)]
    except FileNotFoundError: continue
    assert len({x["id"] for x in L})==len(L)
    print(fn, len(L), collections.Counter(x.get("carrier") for x in L))
