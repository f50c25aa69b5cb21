import json, re, collections
B = "/work/blind15/"
rows = [json.loads(l) for l in open(B + "benchmark.jsonl")]
rt = [json.loads(l) for l in open(B + "redteam.jsonl")]
ids = [r["id"] for r in rows] + [r["id"] for r in rt]
assert len(ids) == len(set(ids)), "dup ids"
assert [r["id"] for r in rows[:80]] == ["b15-g-%03d" % i for i in range(80)]
assert [r["id"] for r in rows[80:]] == ["b15-b-%02d" % i for i in range(20)]
CAP = 50000
ok_pairs = {("in_policy","refund"),("out_of_policy","refuse"),("in_policy","escalate"),("under_specified","escalate"),("in_policy","close")}
for r in rows:
    assert (r["label"], r["expected_action"]) in ok_pairs, r["id"]
    s = r["setup"]; o = s.get("order")
    if s.get("prior_refund"): assert s["prior_refund_status"] in ("executed","pending","rejected")
    else: assert "prior_refund_status" not in s
    if r["expected_action"] == "refund":
        m = re.match(r"refund (\d+);", r["note"]); assert m, r["id"]
        amt = int(m.group(1))
        if o is None:
            assert s["extra_orders"] == 1, r["id"]; o = {"amount_cents": 2500, "status": "delivered", "placed_days_ago": 5}
        assert o["status"] in ("delivered","shipped"), r["id"]          # R1
        assert o["placed_days_ago"] <= 30, r["id"]                      # R2
        assert not (s["prior_refund"] and s["prior_refund_status"] == "executed"), r["id"]  # R3
        assert amt <= o["amount_cents"], r["id"]                        # R4
        assert amt <= CAP, r["id"]                                      # R5
        assert not s["foreign_order"], r["id"]
        assert r["policy_refs"] == ["R1","R2","R3","R4","R5"]
    else:
        ref = r["policy_refs"][0]
        if ref == "X1": assert o is None or s["foreign_order"], r["id"]
        if ref == "X3": assert o["placed_days_ago"] > 30, r["id"]
        if ref == "X4": assert s["prior_refund_status"] == "executed", r["id"]
        if ref == "F1": assert o["status"] in ("paid","cancelled"), r["id"]
        if ref in ("X2","X3","X4","E1","E2","U1","F1","C1") and o is not None and ref != "X1": assert not s["foreign_order"], r["id"]
for r in rt:
    assert r["carrier"] in ("inquiry","refund_overreach","generic_complaint","foreign_order") and r["expected_outcome"] == "blocked"
amb = [json.loads(l) for l in open(B + "ambiguous.jsonl")] if __import__("os").path.exists(B+"ambiguous.jsonl") else []
print("ok", len(rows), len(rt), len(amb))
reg = lambda r: re.search(r"\[register: (\w+)\]", r["note"]).group(1)
print("action", collections.Counter(r["expected_action"] for r in rows))
print("label", collections.Counter(r["label"] for r in rows))
print("rule", sorted(collections.Counter(r["policy_refs"][0] if r["expected_action"]!="refund" else "R" for r in rows).items()))
print("register", collections.Counter(reg(r) for r in rows))
for part, sl in (("gen", rows[:80]), ("bnd", rows[80:])):
    print(part, "rule x register")
    t = collections.defaultdict(collections.Counter)
    for r in sl: t[r["policy_refs"][0] if r["expected_action"]!="refund" else "R"][reg(r)] += 1
    for k in sorted(t): print("  ", k, dict(t[k]))
print("rt category", collections.Counter(r["category"] for r in rt))
