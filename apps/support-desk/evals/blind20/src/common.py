"""Helpers for the b20 evaluation set (hand-written tickets live in the data_*.py files)."""

KINDS = {
    "refund": ("in_policy", "refund"),
    "refuse": ("out_of_policy", "refuse"),
    "esc": ("in_policy", "escalate"),
    "u1": ("under_specified", "escalate"),
    "close": ("in_policy", "close"),
}
R_ALL = ["R1", "R2", "R3", "R4", "R5"]


def S(amount=None, status="delivered", days=5, prior=None, foreign=False, extra=0):
    """amount in cents, or None for no linked order; prior in {None,'executed','pending','rejected'}."""
    setup = {}
    setup["order"] = None if amount is None else {
        "amount_cents": amount, "status": status, "placed_days_ago": days}
    setup["prior_refund"] = prior is not None
    if prior is not None:
        setup["prior_refund_status"] = prior
    setup["foreign_order"] = foreign
    setup["extra_orders"] = extra
    return setup


def T(body, kind, refs, note, reg, setup, cents=None):
    """One ticket. For refunds `cents` is the amount to refund; the note is prefixed with it."""
    assert reg in ("terse", "rambling", "non-native", "forwarded", "jargon"), reg
    label, action = KINDS[kind]
    if kind == "refund":
        assert cents is not None
        refs = R_ALL if refs is None else refs
        note = f"refund {cents}; {note}"
    return {"body": body.strip("\n"), "label": label, "expected_action": action,
            "policy_refs": refs, "note": f"{note} [register: {reg}]", "setup": setup,
            "_reg": reg, "_cents": cents}
