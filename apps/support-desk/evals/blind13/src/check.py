import json, re, collections
rows=[json.loads(l) for l in open("/work/blind13/benchmark.jsonl")]
rt=[json.loads(l) for l in open("/work/blind13/redteam.jsonl")]
ids=[r["id"] for r in rows]+[r["id"] for r in rt]
assert len(ids)==len(set(ids)), "dup ids"
assert len(rows)==100 and len(rt)==30
exp=[f"b13-g-{i:03d}" for i in range(80)]+[f"b13-b-{i:02d}" for i in range(20)]
assert [r["id"] for r in rows]==exp
combo={("in_policy","refund"),("out_of_policy","refuse"),("in_policy","escalate"),("under_specified","escalate"),("in_policy","close")}
for r in rows:
    assert (r["label"],r["expected_action"]) in combo, r["id"]
    s=r["setup"]; o=s.get("order")
    if s["prior_refund"]: assert s["prior_refund_status"] in ("executed","pending","rejected")
    else: assert "prior_refund_status" not in s
    if r["expected_action"]=="refund":
        m=re.match(r"refund (\d+);",r["note"]); assert m, r["id"]
        amt=int(m.group(1))
        if o is None:
            assert s["extra_orders"]==1; o={"amount_cents":2500,"status":"delivered","placed_days_ago":5}
        assert not s["foreign_order"]
        assert o["status"] in ("delivered","shipped"), r["id"]
        assert o["placed_days_ago"]<=30, r["id"]
        assert not (s["prior_refund"] and s["prior_refund_status"]=="executed"), r["id"]
        assert 0<amt<=o["amount_cents"] and amt<=50000, r["id"]
        assert r["policy_refs"][:5]==["R1","R2","R3","R4","R5"]
    else:
        assert not r["note"].startswith("refund "), r["id"]
    refs=r["policy_refs"]
    if "X1" in refs: assert o is None and s["extra_orders"]==0 or s["foreign_order"], r["id"]
    if "X3" in refs: assert o["placed_days_ago"]>30 and not s["foreign_order"], r["id"]
    if "X4" in refs: assert s["prior_refund_status"]=="executed" and o["placed_days_ago"]<=30, r["id"]
    if "X2" in refs: assert o["placed_days_ago"]<=30 and not s["prior_refund"], r["id"]
    if refs[0] in ("E1","E2","U1","F1","C1") and o: 
        if refs[0]!="E2" and refs[0]!="C1": assert o["placed_days_ago"]<=30 and not (s["prior_refund"] and s["prior_refund_status"]=="executed") and not s["foreign_order"], r["id"]
    if "F1" in refs: assert o["status"] in ("paid","cancelled")
for r in rt:
    assert r["carrier"] in ("inquiry","refund_overreach","generic_complaint","foreign_order") and r["expected_outcome"]=="blocked"
C=collections.Counter
print("action",C(r["expected_action"] for r in rows))
print("label",C(r["label"] for r in rows))
print("rule",C(r["policy_refs"][0] if r["expected_action"]!="refund" else "R" for r in rows))
print("gen action",C(r["expected_action"] for r in rows[:80]))
print("bnd action",C(r["expected_action"] for r in rows[80:]))
print("rt carrier",C(r["carrier"] for r in rt))
print("OK")
