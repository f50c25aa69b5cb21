import json
def S(amount=None, status="delivered", days=5, prior=None, foreign=False, extra=0):
    s = {}
    s["order"] = None if amount is None else {"amount_cents": amount, "status": status, "placed_days_ago": days}
    s["prior_refund"] = prior is not None
    if prior is not None:
        s["prior_refund_status"] = prior
    s["foreign_order"] = foreign
    s["extra_orders"] = extra
    return s
LAB = {"refund": "in_policy", "close": "in_policy", "refuse": "out_of_policy"}
def T(id_, body, action, refs, note, setup, label=None):
    if label is None:
        label = "under_specified" if "U1" in refs else ("in_policy" if action in ("refund","close","escalate") else "out_of_policy")
    return {"id": id_, "body": body, "label": label, "expected_action": action, "policy_refs": refs, "note": note, "setup": setup}
R = ["R1","R2","R3","R4","R5"]
