# order named: another of the customer's orders over the link; another customer's order named (X1)
ROWS=[
 ("Refund order {EX1} please", "R", 2500, {"extra_orders":1}),
 ("Refund order #{EX1} please", "R", 2500, {"extra_orders":1}),
 ("Please refund my order no. {EX1}, it arrived broken.", "R", 2500, {"extra_orders":1}),
 ("Order {EX1} arrived broken. Refund please.", "R", 2500, {"extra_orders":1}),
 ("Re: order {EX1} - refund", "R", 2500, {"extra_orders":1}),
 ("Refund for order number {EX1}", "R", 2500, {"extra_orders":1}),
 ("Refund order ID {EX1}", "R", 2500, {"extra_orders":1}),
 ("It's about order {EX1}, not the other one. Money back please.", "R", 2500, {"extra_orders":1}),
 ("Refund #{EX1}", "R", 2500, {"extra_orders":1}),
 ("ORDER-{EX1}: item faulty, refund", "R", 2500, {"extra_orders":1}),
 ("Refund order {EX1} please", "R", 2500, {"extra_orders":2}),
 ("Refund order {EX2} please", "R", 2600, {"extra_orders":2}),
 # another customer's order named on a linked ticket
 ("Refund order {PREV} please", "X1"),
 ("Refund order #{PREV}, it never worked.", "X1"),
 ("Please refund order 99999.", "X1"),
 ("I'm writing about order {PREV}. It arrived broken, please refund.", "X1"),
 # no link, named
 ("refund order {EX1} please", "R", 2500, {"no_order":True,"extra_orders":1}),
 ("refund order {PREV} please", "X1", None, {"no_order":True,"extra_orders":1}),
 ("Refund please, it broke.", "R", 2500, {"no_order":True,"extra_orders":1}),
 ("Refund please, it broke.", "U1", None, {"no_order":True,"extra_orders":2}),
 ("Refund the order from last week please.", "U1", None, {"no_order":True,"extra_orders":2}),
 ("Refund the $25 one please.", "U1", None, {"no_order":True,"extra_orders":2}),
 ("Refund both my orders please.", "U1", None, {"no_order":True,"extra_orders":2}),
 ("Refund all my orders.", "U1", None, {"no_order":True,"extra_orders":2}),
 ("Refund everything I've bought from you this month, about 50 total.", "U1", None, {"no_order":True,"extra_orders":2}),
 # foreign linked
 ("Refund please, it broke.", "X1", None, {"foreign_order":True}),
 ("This is my wife's order, she asked me to get the refund for her.", "X1", None, {"foreign_order":True}),
]
