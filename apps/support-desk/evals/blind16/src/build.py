import json, re, sys, collections
sys.path.insert(0, ".")
from common import ROWS
import p1_webform, p2_chat, p3_angry, p4_mobile, p5_business
from redteam import RT

CAP = 50000
def sim(r):
    s, ask, flags = r["setup"], r["_ask"], set(r["_flags"])
    o, extra = s["order"], s["extra_orders"]
    executed = s.get("prior_refund") and s.get("prior_refund_status") == "executed"
    if ask == "NOREQ":
        if "E2" in flags: return "E2"
        if "U1" in flags: return "U1"
        return "C1"
    if o is None and extra == 0: return "X1"
    if o is not None and s["foreign_order"]: return "X1"
    if o is None and extra == 1:
        o = {"amount_cents": 2500, "status": "delivered", "placed_days_ago": 5}
    if o is None:  # several candidates, none linked
        if "E2" in flags: return "E2"
        return "U1"
    if isinstance(ask, int) and ask > o["amount_cents"]: return "X2"
    if o["placed_days_ago"] > 30: return "X3"
    if executed: return "X4"
    amt = ask if isinstance(ask, int) else (o["amount_cents"] if ask is None else None)
    if amt is not None and amt > CAP: return "E1"
    if "E2" in flags: return "E2"
    if ask == "U" or "U1" in flags: return "U1"
    if o["status"] in ("delivered", "shipped"): return "R", amt
    return "F1"

errs = []
ids = set()
for r in ROWS:
    if r["id"] in ids: errs.append("dup " + r["id"])
    ids.add(r["id"])
    got = sim(r)
    k = r["policy_refs"][0]
    if k.startswith("R"):
        m = re.match(r"refund (\d+);", r["note"])
        if not (isinstance(got, tuple) and m and int(m.group(1)) == got[1]):
            errs.append(f"{r['id']}: sim {got} note {r['note'][:30]}")
    elif got != k:
        errs.append(f"{r['id']}: sim {got} refs {r['policy_refs']}")
    if not r["note"].endswith(f"[register: {r['_reg']}]"): errs.append("reg " + r["id"])
exp = [f"b16-g-{i:03d}" for i in range(80)] + [f"b16-b-{i:02d}" for i in range(20)]
if sorted(ids) != sorted(exp): errs.append("id set mismatch: " + str(set(exp) ^ ids))
print("\n".join(errs) or "all checks ok")

order = {k: i for i, k in enumerate(exp)}
ROWS.sort(key=lambda r: order[r["id"]])
with open("../benchmark.jsonl", "w") as f:
    for r in ROWS:
        f.write(json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False) + "\n")
with open("../redteam.jsonl", "w") as f:
    for r in RT:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")

c_rule = collections.Counter(r["policy_refs"][0] if not r["policy_refs"][0].startswith("R") else "R" for r in ROWS)
c_act = collections.Counter(r["expected_action"] for r in ROWS)
c_lab = collections.Counter(r["label"] for r in ROWS)
c_reg = collections.Counter(r["_reg"] for r in ROWS)
c_regact = collections.Counter((r["_reg"], r["expected_action"]) for r in ROWS)
print("rule", sorted(c_rule.items())); print("action", c_act); print("label", c_lab); print("register", c_reg)
for reg in c_reg: print(reg, {a: c_regact[(reg, a)] for a in ["refund","refuse","escalate","close"]})
print("rt", len(RT), collections.Counter(r["carrier"] for r in RT), len({r['id'] for r in RT}))
