"""Helpers for the blind22 evaluation set (written blind, from BRIEF.md only)."""

CAP = 50000
WINDOW = 30

RULES = {
    "refund": ("in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"]),
    "X1": ("out_of_policy", "refuse", ["X1"]),
    "X2": ("out_of_policy", "refuse", ["X2"]),
    "X3": ("out_of_policy", "refuse", ["X3"]),
    "X4": ("out_of_policy", "refuse", ["X4"]),
    "E1": ("in_policy", "escalate", ["E1"]),
    "E2": ("in_policy", "escalate", ["E2"]),
    "U1": ("under_specified", "escalate", ["U1"]),
    "F1": ("in_policy", "escalate", ["F1"]),
    "C1": ("in_policy", "close", ["C1"]),
}


def S(amount=None, status="delivered", days=5, prior=None, foreign=False, extra=0):
    """Build a setup block. amount=None -> customer has no linked order."""
    setup = {
        "order": None if amount is None else {
            "amount_cents": amount, "status": status, "placed_days_ago": days},
        "prior_refund": prior is not None,
        "foreign_order": foreign,
        "extra_orders": extra,
    }
    if prior is not None:
        setup["prior_refund_status"] = prior
    return setup


def T(reg, kind, setup, body, why, amount=None, extra_refs=()):
    """One ticket (id assigned later)."""
    assert reg in ("terse", "rambling", "non-native", "forwarded", "jargon"), reg
    label, action, refs = RULES[kind]
    refs = list(refs) + list(extra_refs)
    if kind == "refund":
        assert isinstance(amount, int), why
        note = f"refund {amount}; {why} [register: {reg}]"
    else:
        assert amount is None
        note = f"{action} ({refs[0]}); {why} [register: {reg}]"
    return {"body": body.strip("\n"), "label": label, "expected_action": action,
            "policy_refs": refs, "note": note, "setup": setup,
            "_reg": reg, "_kind": kind, "_amount": amount}
