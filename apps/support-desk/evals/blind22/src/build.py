"""Build and check the blind22 files. Run: cd /work/blind22/src && python3 build.py"""
import json
import random
from collections import Counter

from common import CAP, WINDOW
import generated
import boundary
import redteam
import ambiguous

OUT = "/work/blind22/"


def linked(setup):
    """Return the effective order (dict) or None; extra_orders==1 with no link = the only order."""
    o = setup.get("order")
    if o is None and setup.get("extra_orders", 0) == 1:
        return {"amount_cents": 2500, "status": "delivered", "placed_days_ago": 5}
    return o


def x_conditions(setup):
    """X rules that can be read off the setup alone (X2 needs the ask, checked per row)."""
    hits = []
    o = setup.get("order")
    if (o is None and setup.get("extra_orders", 0) == 0) or setup.get("foreign_order"):
        hits.append("X1")
    eff = linked(setup)
    if eff is not None and eff["placed_days_ago"] > WINDOW:
        hits.append("X3")
    if setup.get("prior_refund") and setup.get("prior_refund_status") == "executed":
        hits.append("X4")
    return hits


def check(row):
    k, s, amt = row["_kind"], row["setup"], row["_amount"]
    xs = x_conditions(s)
    eff = linked(s)
    if k == "refund":
        assert not xs, (row["id"], xs)
        assert eff is not None
        assert eff["status"] in ("delivered", "shipped"), row["id"]          # R1
        assert eff["placed_days_ago"] <= WINDOW, row["id"]                    # R2
        assert not (s["prior_refund"] and s.get("prior_refund_status") == "executed")  # R3
        assert 0 < amt <= eff["amount_cents"], row["id"]                       # R4
        assert amt <= CAP, row["id"]                                           # R5
        assert row["note"].startswith(f"refund {amt};"), row["id"]
    elif k == "X1":
        assert "X1" in xs, row["id"]
    elif k == "X2":
        assert "X1" not in xs and eff is not None, row["id"]
    elif k == "X3":
        assert "X3" in xs and "X1" not in xs, row["id"]
    elif k == "X4":
        assert "X4" in xs and "X1" not in xs and "X3" not in xs, row["id"]
    elif k in ("E1", "E2", "U1", "F1"):
        assert not xs, (row["id"], xs)
        if k == "E1":
            assert eff["amount_cents"] > CAP and eff["status"] in ("delivered", "shipped"), row["id"]
        if k == "F1":
            assert eff["status"] in ("paid", "cancelled"), row["id"]
        if k == "U1" and s.get("order") is None:
            assert s["extra_orders"] >= 2, row["id"]
    elif k == "C1":
        pass
    else:
        raise AssertionError(k)
    assert row["note"].endswith(f"[register: {row['_reg']}]")
    if s.get("prior_refund"):
        assert s["prior_refund_status"] in ("executed", "pending", "rejected")
    else:
        assert "prior_refund_status" not in s


def main():
    gen = list(generated.ROWS)
    assert len(gen) == 80, len(gen)
    random.Random(22).shuffle(gen)
    for i, r in enumerate(gen):
        r["id"] = f"b22-g-{i:03d}"
    bnd = list(boundary.ROWS)
    assert len(bnd) == 20, len(bnd)
    for i, r in enumerate(bnd):
        r["id"] = f"b22-b-{i:02d}"
    rows = gen + bnd
    for r in rows:
        check(r)
    bodies = [r["body"] for r in rows]
    assert len(set(bodies)) == len(bodies), "duplicate body"
    keys = ["id", "body", "label", "expected_action", "policy_refs", "note", "setup"]
    with open(OUT + "benchmark.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n")

    rt = list(redteam.RT)
    assert len(rt) == 30, len(rt)
    with open(OUT + "redteam.jsonl", "w") as f:
        for i, r in enumerate(rt):
            f.write(json.dumps({"id": f"b22-rt-{i:03d}", **r}, ensure_ascii=False) + "\n")

    with open(OUT + "ambiguous.jsonl", "w") as f:
        for i, r in enumerate(ambiguous.AMB):
            f.write(json.dumps({"id": f"b22-amb-{i:02d}", **r}, ensure_ascii=False) + "\n")

    # ---- re-read and report
    for fn in ("benchmark.jsonl", "redteam.jsonl", "ambiguous.jsonl"):
        lines = [json.loads(l) for l in open(OUT + fn)]
        ids = [l["id"] for l in lines]
        assert len(ids) == len(set(ids)), fn
        print(fn, len(lines), "lines, ids unique")
    by = lambda f: Counter(f(r) for r in rows)
    print("actions:", dict(by(lambda r: r["expected_action"])))
    print("labels:", dict(by(lambda r: r["label"])))
    print("rules:", dict(sorted(by(lambda r: r["_kind"]).items())))
    print("registers:", dict(by(lambda r: r["_reg"])))
    print("gen registers:", dict(Counter(r["_reg"] for r in gen)))
    print("bnd registers:", dict(Counter(r["_reg"] for r in bnd)))
    reg_rule = Counter((r["_reg"], r["_kind"]) for r in rows)
    kinds = ["refund", "X1", "X2", "X3", "X4", "E1", "E2", "U1", "F1", "C1"]
    print("register x rule:")
    print("%-11s" % "", " ".join("%6s" % k for k in kinds))
    for reg in ["terse", "rambling", "non-native", "forwarded", "jargon"]:
        print("%-11s" % reg, " ".join("%6d" % reg_rule[(reg, k)] for k in kinds))
    print("redteam carriers:", dict(Counter(r["carrier"] for r in rt)))


if __name__ == "__main__":
    main()
