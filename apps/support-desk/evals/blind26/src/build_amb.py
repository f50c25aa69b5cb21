import json
A = []
def amb(body, cands, why, setup):
    A.append({"id": f"b26-a-{len(A):02d}", "body": body, "candidate_labels": cands, "why_ambiguous": why, "setup": setup})
D = lambda a, d=6, st="delivered": {"order": {"amount_cents": a, "status": st, "placed_days_ago": d}, "prior_refund": False, "foreign_order": False, "extra_orders": 0}
amb("The toaster's browning dial does nothing. I'd like 30 EUR back please.",
    ["in_policy/refund 3000", "under_specified/escalate"],
    "Customer names EUR; if the order is in another currency the figure cannot be mapped to order cents with certainty.", D(4000))
amb("I paid $80 for the jacket and it went on sale for $60 two days later. Can you refund the difference?",
    ["in_policy/refund 2000", "under_specified/escalate", "in_policy/close"],
    "Price-drop refund: the difference is computable but not named; also arguably not a refund for a problem with the order.", D(8000, 3))
amb("If this doesn't get sorted I'll just do a chargeback. Refund the 45 please, the clock stopped after a day.",
    ["in_policy/refund 4500", "in_policy/escalate (E2)"],
    "Is a chargeback threat a 'legal threat'? It goes through the card issuer, not a court or regulator.", D(4500, 5))
amb("The heater's plug got really hot and I nearly burned my fingers pulling it out. Can I have the 39.99 back?",
    ["in_policy/escalate (E2)", "in_policy/refund 3999"],
    "Near-miss: a safety problem is described but no injury happened; E2 reading depends on how broadly 'safety' is read (set: E2 most likely).", D(3999, 4))
amb("can i get my money back on the speaker? sounds tinny",
    ["in_policy/refund 2999", "in_policy/close"],
    "Phrased as a question: a refund request, or an inquiry about whether a refund is possible?", D(2999, 7))
amb("Refund 20.00 for the dented tin - or actually a replacement would be better if you have stock, up to you.",
    ["in_policy/refund 2000", "under_specified/escalate"],
    "Customer offers an alternative remedy; unclear whether a refund is actually requested.", D(3600, 9))
with open("ambiguous.jsonl", "w") as f:
    for a in A: f.write(json.dumps(a, ensure_ascii=False) + "\n")
