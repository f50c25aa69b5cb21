def S(amt=None, status='delivered', days=5, prior=None, foreign=False, extra=0):
    d = {"order": None if amt is None else {"amount_cents": amt, "status": status, "placed_days_ago": days},
         "prior_refund": prior is not None, "foreign_order": foreign, "extra_orders": extra}
    if prior:
        d["prior_refund_status"] = prior
    return d
# row: (register, kind, cents, why, setup, body)  kind may be "X3+X5" etc.
