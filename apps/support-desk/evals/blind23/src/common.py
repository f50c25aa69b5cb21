REFUND_REFS = ["R1", "R2", "R3", "R4", "R5"]


def r(register, kind, action, refs, note, body, order=None, prior=None, foreign=False, extra=0, pay=None):
    if refs == "R":
        refs = list(REFUND_REFS)
    if action == "refuse":
        label = "out_of_policy"
    elif action == "escalate" and refs[0] == "U1":
        label = "under_specified"
    else:
        label = "in_policy"
    if action == "refund":
        assert pay is not None
        note = "refund %d; %s" % (pay, note)
    else:
        assert pay is None
    setup = {"order": None if order is None else
             {"amount_cents": order[0], "status": order[1], "placed_days_ago": order[2]},
             "prior_refund": prior is not None}
    if prior is not None:
        setup["prior_refund_status"] = prior
    setup["foreign_order"] = foreign
    setup["extra_orders"] = extra
    return {"_kind": kind, "_register": register, "_pay": pay,
            "body": body.strip(), "label": label, "expected_action": action,
            "policy_refs": refs, "note": "%s [register: %s]" % (note, register), "setup": setup}
