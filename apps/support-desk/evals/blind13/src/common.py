R = ["R1","R2","R3","R4","R5"]
def S(amount=None, status="delivered", days=5, prior=None, foreign=False, extra=0):
    s = {"order": None if amount is None else {"amount_cents": amount, "status": status, "placed_days_ago": days},
         "prior_refund": prior is not None, "foreign_order": foreign, "extra_orders": extra}
    if prior: s["prior_refund_status"] = prior
    return s
def T(id, body, label, action, refs, note, setup):
    return {"id": id, "body": body, "label": label, "expected_action": action, "policy_refs": refs, "note": note, "setup": setup}
