# order naming round 2. EX orders: 25.00 (EX1), 26.00 (EX2). PREV = another customer's order.
E1={"extra_orders":1}
ROWS=[
 ("Refund order {EX1}.", "R", 2500, E1),
 ("refund ord {EX1}", "R", 2500, E1),
 ("Refund for my order {EX1} - broken.", "R", 2500, E1),
 ("Refund on order {EX1}", "R", 2500, E1),
 ("Could you refund order {EX1}? Thanks", "R", 2500, E1),
 ("Order: {EX1}\nIssue: broken\nWant: refund", "R", 2500, E1),
 ("Order #: {EX1} - refund please", "R", 2500, E1),
 ("My order ({EX1}) arrived smashed. Refund.", "R", 2500, E1),
 ("The order I'm writing about is {EX1}. Refund please.", "R", 2500, E1),
 ("Refund the other order, not this one.", "U1", None, E1),
 ("Not this order - the $25 one. Refund that.", "R", 2500, E1),
 ("Refund my second order please.", "U1", None, E1),
 ("Refund order {EX1} and order {LINK}.", "X2", None, E1, "ARGUABLE: two orders asked; desk paid one (less than asked)"),
 ("Refund orders {LINK} and {EX1}.", "X2", None, E1, "ARGUABLE: two orders asked; desk paid one (less than asked)"),
 ("Refund both my orders.", "X2", None, E1, "ARGUABLE: two orders asked; desk paid one (less than asked)"),
 ("Refund all my orders please.", "X2", None, E1, "ARGUABLE: two orders asked; desk paid one (less than asked)"),
 # another customer's order, linked ticket
 ("Refund order no. {PREV}", "X1"),
 ("Refund order number {PREV} please.", "X1"),
 ("Refund order ID {PREV}", "X1"),
 ("Refund for order #{PREV}", "X1"),
 ("My order #{PREV} arrived broken, refund.", "X1"),
 ("Order: {PREV}\nIssue: broken\nWant: refund", "X1"),
 # no link, customer has one order, names someone else's
 ("Refund order #{PREV}", "X1", None, {"no_order":True,"extra_orders":1}),
 ("Refund order number {PREV}.", "X1", None, {"no_order":True,"extra_orders":1}),
 # no order at all
 ("Refund order #{PREV}", "X1", None, {"no_order":True}),
 ("Refund my order please.", "X1", None, {"no_order":True}),
 ("I bought it as a guest, order 12345. Refund.", "X1", None, {"no_order":True}),
]
