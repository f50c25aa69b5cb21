from common import *
rows = []
rows.append(T("b12-b-00",
"hiya the picnic blanket zip is busted, pls refund the 31.20 thx x",
"refund", R, "refund 3120; placed exactly 30 days ago -> day 30 is inside the window", S(3120, "delivered", 30)))
rows.append(T("b12-b-01",
"Good evening. Regrettably the picnic blanket's waterproof backing has begun to peel. I should be grateful for a refund of 31.20. Yours, H. Abernethy",
"refuse", ["X3"], "placed 31 days ago -> first day outside the window", S(3120, "delivered", 31)))
rows.append(T("b12-b-02",
"""Subject: partial refund, 3D printer

The print bed is warped beyond levelling. I'll keep the printer body but want exactly 500.00 back, which I think is fair for what's unusable.""",
"refund", R, "refund 50000; ask exactly at the cap (500.00) on a 612.00 order -> automatic", S(61200, "delivered", 10)))
rows.append(T("b12-b-03",
"the printer bed is warped, refund five hundred dollars and one cent please. yes the one cent matters to me",
"escalate", ["E1"], "speech-to-text style; 500.01 is one cent over the cap, order 612.00 otherwise fine", S(61200, "delivered", 10)))
rows.append(T("b12-b-04",
"""Accounts payable — please action
Description: Returned goods, toner x3
Amount: (89.99)
Status: awaiting credit""",
"refund", R, "refund 8999; bracket notation (89.99) = credit of 89.99, exactly the order amount", S(8999, "delivered", 25)))
rows.append(T("b12-b-05",
"Toner cartridges came dried out. It was 89.99 but round it to 90.00 for me, I'm not chasing pennies.",
"refuse", ["X2"], "90.00 asked on an 89.99 order -> one cent over the order amount; refused, not reduced", S(8999, "delivered", 25)))
rows.append(T("b12-b-06",
"The refund from last week still says 'pending' and now I see the second half of the set is scratched too. Can you refund the full 64.00 for the order please?",
"refund", R, "refund 6400; earlier refund only pending -> R3 holds", S(6400, "delivered", 9, prior="pending")))
rows.append(T("b12-b-07",
"you rejected my first refund because I didn't have photos. got photos now (attached). the teapot spout is chipped. refund 28.50 pls",
"refund", R, "refund 2850; earlier refund rejected -> does not count", S(2850, "delivered", 11, prior="rejected")))
rows.append(T("b12-b-08",
"you refunded the chair legs already but the seat is cracked too now. need another 40 back",
"refuse", ["X4"], "executed prior refund on this order", S(12000, "delivered", 11, prior="executed")))
rows.append(T("b12-b-09",
"The treadmill refund you did only covered the delivery. Refund the remaining 799.00 please.",
"refuse", ["X4"], "over the cap AND already refunded (executed) -> X4 beats E1", S(84900, "delivered", 8, prior="executed")))
rows.append(T("b12-b-10",
"Refund the 699.00 for the road bike, the derailleur was never right from the start.",
"refuse", ["X3"], "over cap but 31 days old -> refuse (X3) beats escalate (E1)", S(69900, "delivered", 31)))
rows.append(T("b12-b-11",
"I'm instructing my solicitor unless you refund the 120.00 for the faulty rowing seat immediately.",
"refuse", ["X3"], "legal threat but order 45 days old -> refusal rules come first", S(12000, "delivered", 45)))
rows.append(T("b12-b-12",
"My husband asked me to write as he's laid up: the step stool collapsed under him and he's sprained his ankle badly. Refund the 39.99 please, and you should really recall these. — Anne",
"escalate", ["E2"], "injury + refund ask on an otherwise refundable order -> E2 beats R", S(3999, "delivered", 7)))
rows.append(T("b12-b-13",
"Refund 200.00 for the 150.00 heater or I'll take you to small claims court.",
"refuse", ["X2"], "over-ask (200 > 150) + legal threat -> X2 precedes E2", S(15000, "delivered", 6)))
rows.append(T("b12-b-14",
"the blinds dont fit the window properly, i want some of the money back",
"refuse", ["X3"], "partial refund with no figure (would be U1) but order 38 days old -> X3 first", S(5400, "delivered", 38)))
rows.append(T("b12-b-15",
"Ordered the desk chair an hour ago and it already says shipped?! I actually picked the wrong colour, please refund 189.00.",
"refund", R, "refund 18900; status shipped, placed 0 days ago -> R1/R2 hold", S(18900, "shipped", 0)))
rows.append(T("b12-b-16",
"Salut, j'ai commandé la mauvaise taille et le colis n'est même pas parti. Refund my 45.00 please, merci!",
"escalate", ["F1"], "order status paid, not shipped/delivered -> no rule matches -> F1", S(4500, "paid", 2)))
rows.append(T("b12-b-17",
"The toaster on this order shocked me when I touched the side, my fingers are still tingling. Refund the 159.99.",
"refuse", ["X1"], "injury words but the linked order is another customer's and a refund is asked -> X1 first", S(15999, "delivered", 4, foreign=True)))
rows.append(T("b12-b-18",
"Sofa arrived with a torn cushion seam and the wrong feet. Please just refund it.",
"escalate", ["E1"], "no figure -> order amount 600.00, over cap", S(60000, "delivered", 14)))
rows.append(T("b12-b-19",
"corner sofa came 2 wks ago n one arm sits way lower than the other 🙃 not bothering w a swap, just refund the order pls",
"refund", R, "refund 50000; no figure -> order amount 500.00 exactly at the cap", S(50000, "delivered", 14)))
