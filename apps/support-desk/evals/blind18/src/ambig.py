import json
A=[
("b18-amb-00","I think I paid about thirty for the lamp? Refund that please, it flickers.",
 {"order":{"amount_cents":3000,"status":"delivered","placed_days_ago":6}},["under_specified","in_policy"],
 "'about thirty' is an approximate figure (U1) but it coincides with the order amount, and 'refund that' can be read as 'refund what I paid' (refund 3000)."),
("b18-amb-01","Hi, I cancelled straight away - can you make sure the 45 comes back to my card?",
 {"order":{"amount_cents":4500,"status":"cancelled","placed_days_ago":2}},["in_policy (close, C1)","in_policy (escalate, F1)"],
 "Reads either as a question about the state of a refund (close) or as a refund request on a cancelled order (F1 escalate)."),
("b18-amb-02","The toaster was $40 plus tax, it's dead. Refund the forty plus the tax please.",
 {"order":{"amount_cents":4320,"status":"delivered","placed_days_ago":9}},["in_policy (refund 4320)","under_specified"],
 "The tax figure is not stated; the customer plainly means the whole order (4320), but the asked amount is only derivable from the account, not the text."),
("b18-amb-03","My bank shows 25.00 and then 52.00 for the same order. I only owe 25. Refund the difference.",
 {"order":{"amount_cents":2500,"status":"delivered","placed_days_ago":3}},["in_policy (refund 2700)","out_of_policy (X2, 5200>2500)","in_policy (escalate F1)"],
 "A double/incorrect charge where the extra charge (52.00 or the 27.00 difference) does not match the order amount; the account facts do not show the second charge."),
("b18-amb-04","Refund the 79.99 minus whatever your restocking fee is, I don't mind paying that.",
 {"order":{"amount_cents":7999,"status":"delivered","placed_days_ago":10}},["under_specified","in_policy (refund 7999 or less)"],
 "The customer asks an amount they cannot name; U1 (no figure) versus refunding the order amount and letting the fee logic sit elsewhere."),
("b18-amb-05","You refunded 20 of the 60 for the missing cushion. Now the cover's ripped as well - can I get the rest back?",
 {"order":{"amount_cents":6000,"status":"delivered","placed_days_ago":12},"prior_refund":True,"prior_refund_status":"executed"},["out_of_policy (X4)","in_policy (escalate)"],
 "Policy text says any executed refund on the order is X4, but a partial prior refund leaving money on the order is a case a human desk might treat differently."),
]
with open('../ambiguous.jsonl','w') as f:
    for i,b,s,c,w in A:
        s.setdefault("prior_refund",False); s.setdefault("foreign_order",False); s.setdefault("extra_orders",0)
        f.write(json.dumps({"id":i,"body":b,"setup":s,"candidate_labels":c,"why_ambiguous":w},ensure_ascii=False)+"\n")
