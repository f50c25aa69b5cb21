import json, random
import g1, g2, g3, b
LAB = {'R': ('in_policy','refund'), 'E1': ('in_policy','escalate'), 'E2': ('in_policy','escalate'),
       'F1': ('in_policy','escalate'), 'C1': ('in_policy','close'), 'U1': ('under_specified','escalate')}
for x in ('X1','X2','X3','X4'): LAB[x] = ('out_of_policy','refuse')
def mk(i, r):
    reg, kind, cents, why, setup, body = r
    label, action = LAB[kind]
    refs = ["R1","R2","R3","R4","R5"] if kind == 'R' else [kind]
    if 'X5' in why: refs.append('X5')
    note = (f"refund {cents}; " if kind == 'R' else f"{kind}; ") + why + f" [register: {reg}]"
    return {"id": i, "body": body.strip(), "label": label, "expected_action": action,
            "policy_refs": refs, "note": note, "setup": setup}
gen = g1.ROWS + g2.ROWS + g3.ROWS
random.Random(26).shuffle(gen)
bnd = list(b.ROWS); random.Random(62).shuffle(bnd)
assert len(gen) == 120 and len(bnd) == 30
out = [mk(f"d26-g-{k:03d}", r) for k, r in enumerate(gen)] + [mk(f"d26-b-{k:02d}", r) for k, r in enumerate(bnd)]
# checks
ids = [o["id"] for o in out]; assert len(set(ids)) == 150
bodies = [o["body"] for o in out]; assert len(set(bodies)) == 150, "dup body"
for o, r in zip(out, gen + bnd):
    s = o["setup"]; kind = r[1]
    if kind == 'R':
        c = r[2]; od = s["order"]
        if od is None:
            assert s["extra_orders"] == 1 and not s["prior_refund"] and c <= 2500, o["id"]
        else:
            assert od["status"] in ("delivered","shipped"), o["id"]
            assert od["placed_days_ago"] <= 30, o["id"]
            assert not (s["prior_refund"] and s.get("prior_refund_status") == "executed"), o["id"]
            assert 0 < c <= od["amount_cents"] and c <= 50000, o["id"]
            assert not s["foreign_order"], o["id"]
        assert o["note"].startswith(f"refund {c};")
    if kind == 'X3': assert s["order"]["placed_days_ago"] > 30
    if kind == 'X4': assert s.get("prior_refund_status") == "executed"
    if kind == 'X1': assert s["order"] is None and s["extra_orders"] == 0 or s["foreign_order"]
    if kind in ('E1','E2','U1','F1','C1') and s["order"]:
        od = s["order"]
        if kind != 'C1':
            assert not s["foreign_order"] and not (s.get("prior_refund_status") == "executed" and kind!='E2') , o["id"]
        if kind == 'E1': assert od["amount_cents"] > 50000 and od["placed_days_ago"] <= 30
        if kind == 'F1': assert od["status"] in ("paid","cancelled") and od["placed_days_ago"] <= 30
with open("../benchmark.jsonl", "w") as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("written", len(out))
