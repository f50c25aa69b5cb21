def S(amount, status="delivered", days=6, prior=None, foreign=False, extra=0):
    s = {}
    s["order"] = None if amount is None else {"amount_cents": amount, "status": status, "placed_days_ago": days}
    s["prior_refund"] = prior is not None
    if prior is not None:
        s["prior_refund_status"] = prior
    s["foreign_order"] = foreign
    s["extra_orders"] = extra
    return s

def T(reg, body, label, action, refs, note, setup):
    return {"_reg": reg, "body": body, "label": label, "expected_action": action,
            "policy_refs": refs, "note": note, "setup": setup}
