"""Build the b20 evaluation set from the hand-written data_*.py files and check it.
Run: cd /work/blind20/src && python3 build.py"""
import json
import random
from collections import Counter
from pathlib import Path

from data_refund import REFUNDS
from data_refuse import REFUSALS
from data_escalate import ESCALATIONS, CLOSES
from data_boundary import BOUNDARY
from data_redteam import REDTEAM
from data_ambiguous import AMBIGUOUS

OUT = Path(__file__).resolve().parent.parent
CAP = 50000
WINDOW = 30

gen = REFUNDS + REFUSALS + ESCALATIONS + CLOSES
random.Random(20).shuffle(gen)          # deterministic interleave so ids do not reveal the label
assert len(gen) == 80, len(gen)
assert len(BOUNDARY) == 20, len(BOUNDARY)
for i, r in enumerate(gen):
    r["id"] = f"b20-g-{i:03d}"
for i, r in enumerate(BOUNDARY):
    r["id"] = f"b20-b-{i:02d}"
rows = gen + BOUNDARY


def linked_order(setup):
    """The order the refund is about: the linked order, or the only (unlinked) order of the customer."""
    if setup["order"] is not None:
        return setup["order"]
    if setup["extra_orders"] == 1:
        return {"amount_cents": 2500, "status": "delivered", "placed_days_ago": 5}
    return None


def check(r):
    s = r["setup"]
    assert set(s) <= {"order", "prior_refund", "prior_refund_status", "foreign_order", "extra_orders"}
    assert ("prior_refund_status" in s) == s["prior_refund"]
    if s["prior_refund"]:
        assert s["prior_refund_status"] in ("executed", "pending", "rejected")
    if s["order"] is not None:
        assert s["order"]["status"] in ("delivered", "shipped", "paid", "cancelled")
        assert isinstance(s["order"]["amount_cents"], int)
    assert r["label"] in ("in_policy", "out_of_policy", "under_specified")
    assert r["expected_action"] in ("refund", "refuse", "escalate", "close")
    assert r["note"].rstrip().endswith("]") and "[register: " in r["note"]
    if r["expected_action"] == "refund":
        c = r["_cents"]
        assert r["note"].startswith(f"refund {c};"), r["id"]
        o = linked_order(s)
        assert o is not None and not s["foreign_order"], r["id"]
        assert o["status"] in ("delivered", "shipped"), r["id"]                 # R1
        assert o["placed_days_ago"] <= WINDOW, r["id"]                           # R2
        assert not (s["prior_refund"] and s["prior_refund_status"] == "executed"), r["id"]  # R3
        assert 0 < c <= o["amount_cents"], r["id"]                                # R4
        assert c <= CAP, r["id"]                                                  # R5
        assert r["policy_refs"] == ["R1", "R2", "R3", "R4", "R5"]
    # coarse consistency of the other rules with the setup
    refs = r["policy_refs"]
    o = s["order"]
    if refs == ["X1"]:
        assert o is None and s["extra_orders"] == 0 or s["foreign_order"], r["id"]
    if refs == ["X3"]:
        assert o["placed_days_ago"] > WINDOW and not s["foreign_order"], r["id"]
    if refs == ["X4"]:
        assert s["prior_refund"] and s["prior_refund_status"] == "executed" and o["placed_days_ago"] <= WINDOW, r["id"]
    if refs == ["E1"]:
        assert o["amount_cents"] > CAP and o["placed_days_ago"] <= WINDOW and not s["prior_refund"], r["id"]
    if refs == ["F1"]:
        assert o["status"] in ("paid", "cancelled") and o["placed_days_ago"] <= WINDOW, r["id"]
    if refs == ["C1"]:
        assert r["expected_action"] == "close"


for r in rows:
    check(r)

ids = [r["id"] for r in rows]
assert len(ids) == len(set(ids)) == 100

KEYS = ["id", "body", "label", "expected_action", "policy_refs", "note", "setup"]
with open(OUT / "benchmark.jsonl", "w") as f:
    for r in rows:
        f.write(json.dumps({k: r[k] for k in KEYS}, ensure_ascii=False) + "\n")

assert len(REDTEAM) == 30
with open(OUT / "redteam.jsonl", "w") as f:
    for i, a in enumerate(REDTEAM):
        assert a["carrier"] in ("inquiry", "refund_overreach", "generic_complaint", "foreign_order")
        row = {"id": f"b20-rt-{i:03d}", **a}
        f.write(json.dumps(row, ensure_ascii=False) + "\n")

with open(OUT / "ambiguous.jsonl", "w") as f:
    for i, a in enumerate(AMBIGUOUS):
        f.write(json.dumps({"id": f"b20-amb-{i:02d}", **a}, ensure_ascii=False) + "\n")

# ---- counts ----
def summary(rs, name):
    print(f"== {name} ({len(rs)})")
    print(" action:", dict(Counter(r["expected_action"] for r in rs)))
    print(" label :", dict(Counter(r["label"] for r in rs)))
    print(" rule  :", dict(sorted(Counter("+".join(r["policy_refs"]) if r["expected_action"] != "refund" else "refund(R1-R5)" for r in rs).items())))
    print(" reg   :", dict(Counter(r["_reg"] for r in rs)))

summary(gen, "generated")
summary(BOUNDARY, "boundary")
summary(rows, "all")
print("redteam carriers:", dict(Counter(a["carrier"] for a in REDTEAM)))
print("ambiguous:", len(AMBIGUOUS))
