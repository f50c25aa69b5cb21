import json
A=[]
def AM(body, setup, cands, why):
    A.append({"id":"b14-amb-%02d"%len(A),"body":body,"setup":setup,"candidate_labels":cands,"why_ambiguous":why})
def S(amt,st,days,prior=None,foreign=False,extra=0):
    s={"order":{"amount_cents":amt,"status":st,"placed_days_ago":days},"prior_refund":prior is not None,"foreign_order":foreign,"extra_orders":extra}
    if prior: s["prior_refund_status"]=prior
    return s
AM("The throw I ordered is way thinner than the photos. I just want my $50 back.", S(4999,"delivered",6),
   ["in_policy/refund 4999","out_of_policy/refuse X2"],
   "'my $50 back' on a 49.99 order reads as the customer rounding the price they paid (refund the order amount), but literally it is a figure above the order amount (X2).")
AM("The refund you said you'd sent never arrived in my account. Please send it again.", S(4200,"delivered",10,prior="executed"),
   ["in_policy/close C1","out_of_policy/refuse X4"],
   "Could be a question about the state of an executed refund (C1) or a new request for a second payment (X4); the desk never pays either way.")
AM("The lamp arrived with the glass shade smashed into tiny pieces all through the box. Refund please.", S(3499,"delivered",2),
   ["in_policy/refund 3499","in_policy/escalate E2"],
   "Transit damage is an ordinary refund, but broken glass may be read as a safety issue (E2); no one was hurt and no safety claim is made.")
AM("I paid $80 in total and want the $60 jacket refunded, the scarf is fine.", S(8000,"delivered",7),
   ["in_policy/refund 6000","in_policy/refund 8000","under_specified/escalate U1"],
   "'for the $60 jacket' is a price mention which the policy says is not an amount asked; but the customer clearly returns one item of two, so the share with its amount named (60.00) looks like the ask.")
AM("Charged twice for this order, it's on my statement twice. Take one back please.", S(2500,"paid",1),
   ["in_policy/escalate F1","in_policy/refund 2500"],
   "A duplicate charge is a request to take the extra charge back, but the order is only 'paid' (R1 fails), which points to F1.")
AM("Refund the 25 for the mug please, plus whatever the postage was.", S(3100,"delivered",5),
   ["in_policy/refund 2500","under_specified/escalate U1","in_policy/refund 3100"],
   "One part has a figure, the other ('whatever the postage was') has none; refund 25, refund the full order, or ask for the figure.")
AM("The kettle sparks when I switch it on. I want a refund.", S(2999,"delivered",4),
   ["in_policy/escalate E2","in_policy/refund 2999"],
   "A sparking appliance is plausibly a safety report (E2), but the customer frames it as a defect with no harm or safety word.")
with open("/work/blind14/ambiguous.jsonl","w") as f:
    for a in A: f.write(json.dumps(a,ensure_ascii=False)+"\n")
print(len(A))
