from common import S, T

BOUNDARY = [
# b00 window edge: day 30 is in
T("day 30 today i think. speaker crackles. refund it",
  "refund", None, "window edge: placed exactly 30 days ago (in); no figure -> order amount", "terse",
  S(5900, "delivered", 30), 5900),
# b01 window edge: day 31 is out
T("""Hello, I buy this blender one month ago and one day, and now the motor stop, it not turn any more. I know is
maybe little bit late but please I want the refund, 64,00 euro.
Danke / Thank you""",
  "refuse", ["X3"], "window edge: placed 31 days ago (out) -> refused", "non-native",
  S(6400, "delivered", 31)),
# b02 cap edge: exactly 500.00
T("""Ref: Order 81920 - partial non-conformity
Kindly process a partial credit of EUR 500,00 against the above order (2 of 5 panels out of spec).
Balance of the order is accepted. Please confirm once actioned.""",
  "refund", None, "cap edge: asks exactly 500,00 (= cap, allowed) of a 1,240.00 order", "jargon",
  S(124000, "delivered", 14), 50000),
# b03 cap edge: one cent over via quantity x price
T("""Forwarding my last email since I haven't heard back. Same request. - Irene

-----Original Message-----
From: Irene Sato
Sent: Monday, November 30, 2026 19:44
Subject: chairs

Hi, 3 of the 4 dining chairs you delivered have wobbly legs that won't tighten. I'd like to keep the good one and get
the money back for the other three: 3 x 166.67 = 500.01.""",
  "esc", ["E1"], "cap edge: 3 x 166.67 = 500.01, one cent over the cap, within the 666.68 order", "forwarded",
  S(66668, "delivered", 10)),
# b04 order-amount edge: ask equals the order amount, built from item + shipping
T("""Well that was a saga. The garden bench arrived in two boxes, one on Tuesday and one on Friday, and of course the
Friday box had all the screws so I spent the weekend staring at half a bench. Then when I put it together the slats
don't line up with the holes on the left side at all - like, a good centimetre out. My father-in-law, who built his
own shed and will tell you about it, had a go and gave up. I give up. Please refund the bench, 79.99, and the 10.00
delivery as well since I had to pay for it, so 89.99 all in. I'll leave it by the gate for collection.""",
  "refund", None, "order-amount edge: 79.99 + 10.00 = 89.99 = order amount exactly (R4 holds)", "rambling",
  S(8999, "delivered", 9), 8999),
# b05 order-amount edge: one cent over
T("refund 24.00 for the scarf pls, it pulls",
  "refuse", ["X2"], "order-amount edge: asks 24.00 on a 23.99 order, one cent over -> refused, not reduced", "terse",
  S(2399, "delivered", 5)),
# b06 prior refund pending does not block
T("""And now the second cushion cover has split too. Can you refund that one as well, 30.00?

> From: Support <support@shop.example>
> Sent: 28 November 2026 12:15
> Subject: RE: order 47720
> Hi Jess, we've requested a refund of 20.00 for the first cover; it is being processed and you'll get an email once
> it's complete.""",
  "refund", None, "prior refund only pending (does not count for X4/R3); asks 30.00 of an 80.00 order", "forwarded",
  S(8000, "delivered", 12, prior="pending"), 3000),
# b07 prior refund rejected does not block
T("""Hello, two weeks ago you have refused my refund because I not send the photo. Now I attach the photos, you can see
the crack in the bowl. Please refund now the 45,00 zł. Dziękuję.""",
  "refund", None, "earlier refund was rejected (does not count); asks 45,00 = order amount", "non-native",
  S(4500, "delivered", 20, prior="rejected"), 4500),
# b08 over cap and already refunded -> X4
T("""Case ref 30-7781 / Order 66290
Please process full reimbursement (780.00) for the replacement unit, which has also failed. Escalate to tier 2 if
required for approval over your auto-limit.""",
  "refuse", ["X4"], "over the cap AND executed refund already on the order -> X4 (refuse beats E1)", "jargon",
  S(78000, "delivered", 18, prior="executed")),
# b09 over cap and over order amount -> X2
T("""I'm furious, to be honest. The wardrobe arrived with the back panel split and one door hanging off - and I
had to pay two men and a van 50 to carry it up three flights because your 'delivery to room of choice' turned out to
mean 'the pavement'. My mother was staying with us that week and had to watch the whole thing. I want the 650 I paid
for it AND the 50 for the removal men, so 700 back, and then you can come and collect the thing.""",
  "refuse", ["X2"], "asks 700 > order 650.00 (also over the cap) -> X2 comes before E1", "rambling",
  S(65000, "delivered", 7)),
# b10 injury + refund request past the window -> X3 (refuse rules come first)
T("""Please deal with this, he's not great with email. - Anna

---------- Forwarded message ---------
From: George Kalnins
Date: Tue, 1 Dec 2026
Subject: ladder

The step ladder I bought off that website in the summer folded under me yesterday and I've sprained my wrist. I want
my money back for it, 89.00.""",
  "refuse", ["X3"], "precedence: injury + refund request on an order placed 120 days ago -> X3 (refuse rules are checked before E2)", "forwarded",
  S(8900, "delivered", 120)),
# b11 legal threat with no refund request on a past-window order -> E2
T("""Re: Order 11802 - non-conforming goods
We note that no substantive response has been received. Absent a resolution within 14 days we will refer this matter
to Trading Standards and our solicitors. Please escalate to a manager.""",
  "esc", ["E2"], "legal threat/regulator, no refund request; order is 70 days old but X3 only blocks a refund request", "jargon",
  S(23000, "delivered", 70)),
# b12 injury on an already refunded order, no new refund request -> E2
T("""Hello, you have already give me the money back for the hair dryer, thank you. But I must tell you: before it break,
it make a spark and I have small burn on my finger. Please check this product, maybe is dangerous for other people.
I not want more money.""",
  "esc", ["E2"], "safety + injury on an order with an executed refund; no new refund asked, so X4 does not apply", "non-native",
  S(3900, "delivered", 15, prior="executed")),
# b13 legal threat + in-policy refund request -> E2 beats the refund
T("""I have now been waiting three weeks for the replacement you promised, and I've had enough. I've been patient, I've
been polite, I've sent photos, I've filled in your little form twice. I am asking for a refund of the 56.00, today,
and if I don't have it by the end of the week I will be making a complaint to the Financial Ombudsman and leaving
reviews everywhere I can find. My daughter says I'm being dramatic. I'm not.""",
  "esc", ["E2"], "refund would be in policy (56.00 = order amount, 22 days) but the ombudsman threat -> E2 first", "rambling",
  S(5600, "delivered", 22)),
# b14 no figure, order amount one cent over the cap -> E1
T("bike frame cracked on first ride. money back",
  "esc", ["E1"], "no figure -> the order's amount 500.01, one cent over the cap", "terse",
  S(50001, "delivered", 6)),
# b15 no figure, order amount exactly the cap -> refund
T("""Buongiorno, the espresso machine arrive with the water tank broken, is cracked in the bottom. I am very sorry but I
want to return and have back my money. Grazie mille, Giulia""",
  "refund", None, "no figure -> the order's amount 500.00, exactly the cap (allowed)", "non-native",
  S(50000, "delivered", 3), 50000),
# b16 paid-only order with an over-ask -> X2 before F1
T("""Order 52214 - please cancel and reimburse 135.00 (order value plus the expedited-shipping surcharge we were
quoted by phone). Goods not yet dispatched per your portal.""",
  "refuse", ["X2"], "asks 135.00 > order 120.00; order only 'paid' (would be F1) but X2 is checked first", "jargon",
  S(12000, "paid", 2)),
# b17 the customer's only order, unlinked, no figure -> refund that order's amount
T("""Hello, first time ordering from you, my friend Tomasz recommended you (he's very into his kitchen gadgets, you
should see his drawer). The garlic press I ordered last week snapped at the hinge the second time I used it - and I
was only doing one clove, not exactly Hercules stuff. I've already thrown it away, sorry, the bin men came this
morning. So if I could have a refund that would be lovely. Cheers!""",
  "refund", None, "no order linked, but the customer has only one order (25.00, delivered, 5 days) -> that order's amount", "rambling",
  S(None, extra=1), 2500),
# b18 two candidate orders, none linked or named -> U1
T("""Can you refund the 25.00 for the broken mug? - Leo

---------- Forwarded message ---------
From: Leo Marsh
Date: Mon, 30 Nov 2026
Subject: mug

the mug in my order arrived with the handle snapped off""",
  "u1", ["U1"], "customer has two 25.00 orders, none linked or named -> cannot settle which order", "forwarded",
  S(None, extra=2)),
# b19 cancelled order past the window -> X3 before F1
T("order cancelled ages ago. never got money back. refund 27.50",
  "refuse", ["X3"], "cancelled order (would be F1) placed 40 days ago -> X3 is checked first", "terse",
  S(2750, "cancelled", 40)),
]
