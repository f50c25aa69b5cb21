import json
X=[
 {"id":"b13-amb-00","body":"Refund the 34.99 or I'm doing a chargeback with my bank, your choice.",
  "setup":{"order":{"amount_cents":3499,"status":"delivered","placed_days_ago":6},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund (R1-R5)","in_policy/escalate (E2)"],
  "why_ambiguous":"A chargeback is a bank dispute, not a regulator, lawyer or court; whether it counts as a 'legal threat' for E2 is not settled by the policy text."},
 {"id":"b13-amb-01","body":"Sheets came in the wrong colour. Refund 25% please.",
  "setup":{"order":{"amount_cents":6000,"status":"delivered","placed_days_ago":4},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["under_specified/escalate (U1)","in_policy/refund 1500"],
  "why_ambiguous":"25% of a known 60.00 order is computable (15.00), but the policy lists a partial refund with no figure as U1. In the main set (b13-g-066) I labelled the same shape U1."},
 {"id":"b13-amb-02","body":"Is there any way I could get the 12.99 back for the phone stand? It wobbles.",
  "setup":{"order":{"amount_cents":1299,"status":"delivered","placed_days_ago":9},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 1299","in_policy/close (C1)"],
  "why_ambiguous":"Phrased as a question with a figure, but it names a defect and in practice asks for money; the line between 'would I get X back?' (inquiry) and a polite request is thin."},
 {"id":"b13-amb-03","body":"My refund was marked done on the 3rd but it never reached my account. Please send it.",
  "setup":{"order":{"amount_cents":4400,"status":"delivered","placed_days_ago":14},"prior_refund":True,"prior_refund_status":"executed","foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/close (C1)","out_of_policy/refuse (X4)"],
  "why_ambiguous":"Asking about the state of a refund is an inquiry, but 'please send it' reads as a new payout request on an order with an executed refund."},
 {"id":"b13-amb-04","body":"The toaster is fine but the crumb tray is missing. Refund the tray.",
  "setup":{"order":{"amount_cents":3999,"status":"delivered","placed_days_ago":5},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["under_specified/escalate (U1)","in_policy/refund 3999"],
  "why_ambiguous":"A refund for one part with no figure: it is a partial refund without an amount (U1), but the rule that a request naming no amount is for the order's amount could also be read to apply."},
 {"id":"b13-amb-05","body":"\u304a\u9858\u3044\u3057\u307e\u3059. The bowl is broken. Please refund \u00a51,980.",
  "setup":{"order":{"amount_cents":198000,"status":"delivered","placed_days_ago":7},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 198000","in_policy/escalate (E1)","in_policy/refund 1980"],
  "why_ambiguous":"The yen has no minor unit; 'integer cents in the order's currency' leaves unclear whether 1,980 yen is 1980 or 198000 units, and so whether it is over the 50000 cap."},
 {"id":"b13-amb-06","body":"The fan rattles. I'd like a refund. And honestly if it had been any worse someone could have been hurt.",
  "setup":{"order":{"amount_cents":4599,"status":"delivered","placed_days_ago":8},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 4599","in_policy/escalate (E2)"],
  "why_ambiguous":"A hypothetical injury: it uses safety words but reports no hazard that actually happened."},
]
with open("/work/blind13/ambiguous.jsonl","w") as f:
    for r in X: f.write(json.dumps(r, ensure_ascii=False)+"\n")
print(len(X))
