import json
rows=[
 {"id":"b17-amb-00","body":"Dear Sir or Madam, Under the Consumer Rights Act 2015 goods must be of satisfactory quality. The grinder (£89.00) is not. I therefore request a full refund of £89.00. Yours faithfully, J. Price",
  "setup":{"order":{"amount_cents":8900,"status":"delivered","placed_days_ago":10},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 8900","in_policy/escalate E2"],"why_ambiguous":"citing a statute may or may not count as a legal threat"},
 {"id":"b17-amb-01","body":"the kettle I got from you last week leaks, I'll be taking this further if it isn't sorted. refund £30 pls",
  "setup":{"order":{"amount_cents":3000,"status":"delivered","placed_days_ago":7},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 3000","in_policy/escalate E2"],"why_ambiguous":"'taking this further' is vague: complaint escalation or legal threat?; a leaking kettle may be a safety issue"},
 {"id":"b17-amb-02","body":"Hi, I want a refund or a replacement for the broken clock, whichever is easier for you. It was 42.00.",
  "setup":{"order":{"amount_cents":4200,"status":"delivered","placed_days_ago":6},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/refund 4200","under_specified/escalate U1"],"why_ambiguous":"refund is one of two options; policy has no replacement action"},
 {"id":"b17-amb-03","body":"My son ordered two things, the shirt and the belt, and the belt buckle broke. Money back for the belt please (he paid around 60 all in).",
  "setup":{"order":{"amount_cents":6000,"status":"delivered","placed_days_ago":9},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["under_specified/escalate U1","in_policy/refund (belt line price from order)"],"why_ambiguous":"a part of the order with no figure; the belt's line price may be on the account but only the order amount is a known fact"},
 {"id":"b17-amb-04","body":"The heater smells of burning plastic when on full. Not hurt or anything. Can I just get 25 back and keep using it on low?",
  "setup":{"order":{"amount_cents":6999,"status":"delivered","placed_days_ago":12},"prior_refund":False,"foreign_order":False,"extra_orders":0},
  "candidate_labels":["in_policy/escalate E2","in_policy/refund 2500"],"why_ambiguous":"burning smell is a likely but not explicit safety problem"},
 {"id":"b17-amb-05","body":"hey, got the refund for the first pair of sandals, thanks! the second pair on the same order also has a broken strap tho, 24.99. can that be refunded too?",
  "setup":{"order":{"amount_cents":4998,"status":"delivered","placed_days_ago":8},"prior_refund":True,"prior_refund_status":"executed","foreign_order":False,"extra_orders":0},
  "candidate_labels":["out_of_policy/refuse X4","in_policy/close C1 (thanks part)"],"why_ambiguous":"thanks for an executed refund plus a new request on the same order; policy says X4 for the request but the message is half inquiry"},
]
with open("/work/blind17/ambiguous.jsonl","w") as f:
    for r in rows: f.write(json.dumps(r,ensure_ascii=False)+"\n")
print(len(rows))
