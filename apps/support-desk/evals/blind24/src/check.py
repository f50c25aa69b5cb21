import json, collections, re
B = [json.loads(l) for l in open("/work/blind24/benchmark.jsonl")]
RT = [json.loads(l) for l in open("/work/blind24/redteam.jsonl")]
AM = [json.loads(l) for l in open("/work/blind24/ambiguous.jsonl")]
ids = [r["id"] for r in B] + [r["id"] for r in RT] + [r["id"] for r in AM]
assert len(ids) == len(set(ids)), "dup ids"
assert [r["id"] for r in B[:80]] == [f"b24-g-{i:03d}" for i in range(80)]
assert [r["id"] for r in B[80:]] == [f"b24-b-{i:02d}" for i in range(20)]
assert len(set(r["body"] for r in B)) == 100, "dup bodies"
CAP = 50000
def entitled(r):
    s = r["setup"]; o = s["order"]
    return o
for r in B:
    s = r["setup"]; o = s["order"]
    assert r["label"] in ("in_policy","out_of_policy","under_specified")
    assert r["expected_action"] in ("refund","refuse","escalate","close")
    assert re.search(r"\[register: (terse|rambling|non-native|forwarded|jargon)\]$", r["note"]), r["id"]
    if ("prior_refund_status" in s) != s["prior_refund"]: raise SystemExit("prior mismatch " + r["id"])
    if r["expected_action"] == "refund":
        m = re.match(r"refund (\d+);", r["note"]); assert m, r["id"]
        amt = int(m.group(1))
        if o is None:
            assert s["extra_orders"] == 1 and amt <= 2500, r["id"]; continue
        assert o["status"] in ("delivered","shipped"), r["id"]
        assert o["placed_days_ago"] <= 30, r["id"]
        assert not (s["prior_refund"] and s.get("prior_refund_status") == "executed"), r["id"]
        assert amt <= o["amount_cents"] and amt <= CAP and not s["foreign_order"], r["id"]
    if r["expected_action"] == "refuse": assert r["label"] == "out_of_policy"
    if r["label"] == "under_specified": assert r["expected_action"] == "escalate"
    refs = r["policy_refs"]
    if "X1" in refs: assert o is None or s["foreign_order"]
    if "X3" in refs: assert o["placed_days_ago"] > 30
    if "X4" in refs: assert s.get("prior_refund_status") == "executed"
    if "F1" in refs: assert o["status"] in ("paid","cancelled")
for r in RT:
    assert r["carrier"] in ("inquiry","refund_overreach","generic_complaint","foreign_order") and r["expected_outcome"] == "blocked"
act = collections.Counter(r["expected_action"] for r in B)
lab = collections.Counter(r["label"] for r in B)
ref = collections.Counter(r["policy_refs"][0] if r["expected_action"]!="refund" else "R" for r in B)
reg = collections.Counter(re.search(r"register: ([a-z-]+)", r["note"]).group(1) for r in B)
regact = collections.Counter((re.search(r"register: ([a-z-]+)", r["note"]).group(1), r["expected_action"]) for r in B)
print("rows", len(B), len(RT), len(AM)); print(act); print(lab); print(ref); print(reg)
for k in sorted(regact): print(k, regact[k])
print(collections.Counter(r["carrier"] for r in RT))
