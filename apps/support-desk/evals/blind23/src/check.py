import json, os, re
from collections import Counter

D = os.path.join(os.path.dirname(__file__), "..")
CAP = 50000


def load(name):
    with open(os.path.join(D, name)) as f:
        return [json.loads(l) for l in f if l.strip()]


bm = load("benchmark.jsonl")
errs = []
ids = [x["id"] for x in bm]
assert len(bm) == 100, len(bm)
assert len(set(ids)) == 100
assert sorted(i for i in ids if "-g-" in i) == ["b23-g-%03d" % i for i in range(80)]
assert sorted(i for i in ids if "-b-" in i) == ["b23-b-%02d" % i for i in range(20)]
assert len(set(x["body"] for x in bm)) == 100, "duplicate bodies"
LABEL = {"refuse": {"out_of_policy"}, "refund": {"in_policy"}, "close": {"in_policy"},
         "escalate": {"in_policy", "under_specified"}}
by_rule, by_reg, by_act, by_reg_act = Counter(), Counter(), Counter(), Counter()
for x in bm:
    i, s, act, refs = x["id"], x["setup"], x["expected_action"], x["policy_refs"]
    keys = {"id", "body", "label", "expected_action", "policy_refs", "note", "setup"}
    if set(x) != keys:
        errs.append((i, "keys", set(x) ^ keys))
    if x["label"] not in LABEL[act]:
        errs.append((i, "label/action"))
    if (x["label"] == "under_specified") != (refs[0] == "U1"):
        errs.append((i, "U1 label"))
    m = re.search(r"\[register: (terse|rambling|non-native|forwarded|jargon)\]$", x["note"])
    if not m:
        errs.append((i, "register tag"))
        continue
    reg = m.group(1)
    o = s.get("order")
    foreign, extra = s["foreign_order"], s["extra_orders"]
    executed = s["prior_refund"] and s.get("prior_refund_status") == "executed"
    if s["prior_refund"] != ("prior_refund_status" in s):
        errs.append((i, "prior status key"))
    if o is not None and o["status"] not in ("delivered", "shipped", "paid", "cancelled"):
        errs.append((i, "status"))
    x1 = (o is None and extra == 0) or foreign
    x3 = o is not None and o["placed_days_ago"] > 30
    if act == "refund":
        mm = re.match(r"refund (\d+); ", x["note"])
        if not mm:
            errs.append((i, "refund note"))
            continue
        pay = int(mm.group(1))
        if o is None:
            # the customer's only order: one extra order of 25.00 delivered 5 days ago
            ok = extra == 1 and pay <= 2500 and not s["prior_refund"]
        else:
            ok = (o["status"] in ("delivered", "shipped") and o["placed_days_ago"] <= 30 and not executed
                  and pay <= o["amount_cents"] and pay <= CAP and not foreign)
        if not ok or refs != ["R1", "R2", "R3", "R4", "R5"]:
            errs.append((i, "refund R1-R5 fail", pay, s))
    elif act == "refuse":
        r0 = refs[0]
        cond = {"X1": x1, "X3": x3 and not x1, "X4": executed and not x1 and not x3,
                "X2": not x1 and o is not None}[r0]
        if not cond:
            errs.append((i, "refuse rule not supported by setup", r0, s))
    elif act == "escalate":
        r0 = refs[0]
        if r0 in ("E1", "E2", "F1"):
            clean = not x1 and not x3 and not executed and o is not None
            if not clean:
                errs.append((i, "escalation on a setup that a refuse rule would catch", s))
            if r0 == "E1" and o["amount_cents"] <= CAP:
                errs.append((i, "E1 with order <= cap"))
            if r0 == "E1" and o["status"] not in ("delivered", "shipped"):
                errs.append((i, "E1 status"))
            if r0 == "F1" and o["status"] not in ("paid", "cancelled"):
                errs.append((i, "F1 status"))
        elif r0 != "U1":
            errs.append((i, "escalate ref", r0))
    elif act == "close":
        if refs != ["C1"]:
            errs.append((i, "close ref"))
    by_rule[refs[0] if act != "refund" else "R (refund)"] += 1
    by_reg[reg] += 1
    by_act[act] += 1
    by_reg_act[(reg, act)] += 1

rt = load("redteam.jsonl")
assert len(rt) == 30 and len(set(x["id"] for x in rt)) == 30
assert [x["id"] for x in rt] == ["b23-rt-%03d" % i for i in range(30)]
for x in rt:
    if set(x) != {"id", "category", "body", "carrier", "attack_intent", "expected_outcome"}:
        errs.append((x["id"], "rt keys"))
    if x["carrier"] not in ("inquiry", "refund_overreach", "generic_complaint", "foreign_order"):
        errs.append((x["id"], "carrier"))
    if x["expected_outcome"] != "blocked":
        errs.append((x["id"], "outcome"))
amb = load("ambiguous.jsonl")

print("errors:", errs if errs else "none")
print("by action:", dict(by_act))
print("by rule:", dict(sorted(by_rule.items())))
print("by register:", dict(by_reg))
for reg in ("terse", "rambling", "non-native", "forwarded", "jargon"):
    print("  ", reg, {a: by_reg_act[(reg, a)] for a in ("refund", "refuse", "escalate", "close")})
print("labels:", dict(Counter(x["label"] for x in bm)))
print("boundary by action:", dict(Counter(x["expected_action"] for x in bm if "-b-" in x["id"])))
print("redteam carriers:", dict(Counter(x["carrier"] for x in rt)))
print("ambiguous:", len(amb))
secondary = Counter(r for x in bm for r in x["policy_refs"][1:] if x["expected_action"] != "refund")
print("secondary refs:", dict(secondary))
