ROWS = []
R5 = ["R1", "R2", "R3", "R4", "R5"]

def S(amt, status="delivered", days=5, prior=None, foreign=False, extra=0):
    s = {"order": {"amount_cents": amt, "status": status, "placed_days_ago": days},
         "prior_refund": prior is not None}
    if prior is not None:
        s["prior_refund_status"] = prior
    s["foreign_order"] = foreign
    s["extra_orders"] = extra
    return s

def NOORD(extra=0):
    return {"order": None, "prior_refund": False, "foreign_order": False, "extra_orders": extra}

def T(id, reg, body, refs, why, setup, ask=None, flags=()):
    """ask: int cents asked, None = refund request naming no amount, 'U' = unreadable/partial figure,
    'NOREQ' = no refund request. flags: 'E2', 'U1' (only used by the self-check)."""
    k = refs[0]
    if k.startswith("R"):
        label, action = "in_policy", "refund"
    elif k.startswith("X"):
        label, action = "out_of_policy", "refuse"
    elif k == "U1":
        label, action = "under_specified", "escalate"
    elif k == "C1":
        label, action = "in_policy", "close"
    else:
        label, action = "in_policy", "escalate"
    ROWS.append({"id": id, "body": body.strip("\n"), "label": label, "expected_action": action,
                 "policy_refs": refs, "note": f"{why} [register: {reg}]", "setup": setup,
                 "_ask": ask, "_flags": list(flags), "_reg": reg})
