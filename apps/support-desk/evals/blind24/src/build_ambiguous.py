import json
A = []
def add(body, cands, why, setup):
    A.append({"id": f"b24-amb-{len(A):02d}", "body": body, "candidate_labels": cands, "why_ambiguous": why, "setup": setup})
def S(amt=None, status="delivered", days=5, prior=None, foreign=False, extra=0):
    s = {"order": None if amt is None else {"amount_cents": amt, "status": status, "placed_days_ago": days}, "prior_refund": prior is not None}
    if prior: s["prior_refund_status"] = prior
    s["foreign_order"] = foreign; s["extra_orders"] = extra
    return s
add("Refund 59.99 now or I raise a chargeback with my bank.", ["in_policy/refund", "in_policy/escalate (E2)"],
    "Is a bank chargeback a 'legal threat'? It is not a regulator, ombudsman or court, but some desks treat it as one.", S(5999, days=6))
add("the coffee machine is faulty, please refund about 600", ["in_policy/escalate (E1)", "under_specified/escalate (U1)"],
    "Approximate figure (U1) that is also over the cap (E1); both escalate, but the label differs and E1 comes first only if the figure is read as 600.", S(70000, days=6))
add("Please refund $40 for the boots.", ["in_policy/refund 4000", "under_specified/escalate"],
    "Order currency is EUR in the customer's region but the customer writes $; the policy treats amounts in the order's currency, a conversion reading would change the figure.", S(8000, days=6))
add("Returning the jacket (it was 60) but keeping the scarf, refund please", ["in_policy/refund 8500 (order amount)", "in_policy/refund 6000"],
    "The rule says a price mentioned is not an amount asked (-> order amount), but the customer plainly keeps part of the order, so the 60 reads as the amount wanted.", S(8500, days=6))
add("refund the two items I'm sending back", ["under_specified/escalate (U1)", "in_policy/refund (order amount)"],
    "A partial return with no figure (U1), or a request with no amount on an identified order (order amount)?", S(9000, days=6))
add("The heater sparked once, it's probably fine now but I'd like my 45 back", ["in_policy/escalate (E2)", "in_policy/refund 4500"],
    "A safety word given in passing and then played down: does 'sparked' count as a safety problem?", S(4500, days=6))
with open("/work/blind24/ambiguous.jsonl", "w") as f:
    for r in A: f.write(json.dumps(r, ensure_ascii=False) + "\n")
