# generated set, part 2: refusals, escalations, closes
from helpers import S, T
G = []
def X(reg, rule, body, why, setup):
    G.append(T(reg, body, "out_of_policy", "refuse", [rule], f"{rule}; {why}", setup))
def E(reg, rule, body, why, setup):
    lab = "under_specified" if rule == "U1" else "in_policy"
    G.append(T(reg, body, lab, "escalate", [rule], f"{rule}; {why}", setup))
def C(reg, body, why, setup):
    G.append(T(reg, body, "in_policy", "close", ["C1"], f"C1; {why}", setup))

# ---- X1
X("terse", "X1", "refund order 55120 pls item faulty", "linked order belongs to another customer", S(4000, "delivered", 5, foreign=True))
X("non_native", "X1", "Assalamu alaikum. I want refund for my order, the perfume bottle is leak and all the box is wet. Please return 35 dollar to my card. Shukran", "customer has no order at all", S(None))
X("forwarded", "X1", """My sister ordered this for me as a present but it's the wrong size, forwarding her confirmation - can you refund it to me please?

---------- Forwarded message ---------
From: Orders <orders@shop.example>
To: hannah.k@mail.example
Subject: Order confirmation
Thanks Hannah! Order total: 62.00
Delivery to: 4 Mill Lane""", "order is on the sister's account, not this customer's", S(6200, "delivered", 7, foreign=True))
X("rambling", "X1", """Hi, I hope you can help.

My aunt sent me one of your weighted blankets for Christmas, she said she got it from you, and the stitching has come apart along one whole side. Little beads everywhere, my dog was very interested, it was chaos.

I don't have an account with you or anything, I've never bought from you myself, but I thought I'd ask if I could get the refund myself so I can buy a replacement - my aunt is 84 and I don't want to bother her with it.

Many thanks,
Gareth""", "customer has no order; a gift bought on someone else's account", S(None))

# ---- X2
X("terse", "X2", "refund 80 dollars now", "asks 80.00 on a 65.00 order: over-ask refused, not reduced", S(6500, "delivered", 6))
X("rambling", "X2", """Hello,

I sent the lamp back last week like your website said, but I had to pay for the postage myself because the prepaid label wouldn't print (I tried two printers and the library one). The post office charged me $15 which is frankly ridiculous for a lamp.

So I'd like the full price plus the $15 for postage back please. I don't think I should be out of pocket for your label not working.

I was a bit annoyed at the post office but the lady there was nice about it, not her fault.

Thank you,
Carol""", "full price 40.00 + 15 postage = 55.00 > 40.00 order: X2", S(4000, "delivered", 10))
X("non_native", "X2", "Kalimera. The product is very bad quality, after one day is broken. I lose all my time with this. I want double money back for my time lost, so 2 x 30 euro = 60 euro. Efcharistó", "double the 30.00 order = 60.00 > order amount", S(3000, "delivered", 4))
X("forwarded", "X2", """No. 20 is an insult after three weeks of this. I want 150 for the trouble or I'm done with you.

On Fri, Customer Care <help@shop.example> wrote:
> Hi Jordan, we're sorry about the delay with your order. As a gesture we can
> offer a refund of 20.00 - just reply to confirm.
> Best, Customer Care""", "asks 150.00 on a 99.00 order (the 20.00 is the shop's offer, not the ask)", S(9900, "delivered", 21))
X("jargon", "X2", """Requesting refund of the unit plus compensation for downtime: 249.99 + 50.00 goodwill credit = 299.99 total. Please action per your T&Cs and confirm the reference number.""", "299.99 asked on a 249.99 order: over-ask", S(24999, "delivered", 12))

# ---- X3
X("terse", "X3", "broke after 6 weeks. refund", "placed 42 days ago, past the 30-day window", S(5500, "delivered", 42))
X("rambling", "X3", """Hi,

I know it's been a while, a couple of months I think, but life has been hectic - we moved house and then the baby came early (she's fine, tiny but fine!) and the box with your picture frames only got unpacked this weekend.

Two of the frames have cracked glass. Could have been the move, could have been in your packaging, honestly no idea. But I'd like a refund for them if that's at all possible, it was 32.00 for the set.

Thanks for understanding,
Nadia""", "placed 63 days ago: past the window", S(3200, "delivered", 63))
X("non_native", "X3", "Dobryi den. I was long time in hospital after operation so I can not write earlier. The boots which I order in summer is broken, the sole is go away. Please refund 89 euro. Dyakuyu", "placed 95 days ago; 'hospital' is not a product injury and the X rule matches first anyway", S(8900, "delivered", 95))
X("jargon", "X3", """I'm aware this is outside the 30-day window, but requesting an exception as a goodwill gesture - long-standing customer, happy to escalate to a team lead if needed. Refund value 45.00.""", "placed 45 days ago; exception requests don't change the window", S(4500, "delivered", 45))
X("forwarded", "X3", """Refund please, these have already faded after a handful of washes.

---------- Forwarded message ---------
From: Orders <orders@shop.example>
Date: Mon, 3 Mar
Subject: Thanks for your order!
2 x Linen pillowcase (sage)  £38.00
Order total: £38.00""", "placed 70 days ago: past window", S(3800, "delivered", 70))

# ---- X4
X("terse", "X4", "still want a refund for the lamp", "order already has an executed refund", S(4000, "delivered", 9, prior="executed"))
X("non_native", "X4", "Hello, you refund me already for the first plate which broke, thank you. But now the second plate is also broke in same way!! Please refund again 12 euros for this one. Muchas gracias", "executed refund on this order already; a second refund is X4", S(4800, "delivered", 14, prior="executed"))
X("forwarded", "X4", """You only refunded 35 - the whole thing was 55. I want the other 20 back.

---------- Forwarded message ---------
From: Payments <payments@shop.example>
Subject: Your refund has been processed
We've refunded $35.00 to your original payment method. It may take 3-5 working days to appear.""", "executed partial refund already on the order: X4", S(5500, "delivered", 16, prior="executed"))
X("rambling", "X4", """Hello again!

You might remember me, I wrote in last week about the garden hose that split, and you very kindly refunded me, which was great, thank you, it came through on Friday.

The thing is, when I went to throw it out I noticed the spray nozzle that came in the same order is cracked too - I hadn't used it until then because, well, no hose. So I'd like a refund for the nozzle as well please. I think it was about a fiver but the invoice will say.

Sorry to be a pain!
Bev""", "this order already has an executed refund; X4 precedes U1 ('about a fiver')", S(3600, "delivered", 12, prior="executed"))
X("jargon", "X4", """Re-opening ticket #20931. Previous refund was actioned and received, thanks, but the resolution didn't reflect the inconvenience. Requesting an additional goodwill credit of 1500p to close this out.""", "executed refund already on this order", S(7800, "delivered", 18, prior="executed"))

# ---- E1
E("terse", "E1", "tv dead on arrival. refund full 899", "asks 899.00 = order amount, over the 500.00 cap", S(89900, "delivered", 3))
E("jargon", "E1", """Requesting a full refund of USD 1,249.00 for the laptop (DOA, won't POST). Please escalate to tier 2 if this is outside your authority level. Ref in the subject line.""", "1,249.00 with thousands separator, over the cap", S(124900, "delivered", 6))
E("non_native", "E1", "Dzień dobry, sofa is come with broken leg and also the fabric is tear on the back. I want return all the money, 650 dollar. Please answer fast. Dziękuję", "650.00 = order amount, over the cap", S(65000, "delivered", 9))
E("forwarded", "E1", """refund please - never even opened it, changed my mind.

-------- Original message --------
From: Invoices <invoices@shop.example>
Subject: Invoice INV-30881
Espresso machine Barista Pro ... €742,00
Total paid: €742,00""", "no amount asked -> order amount 742,00, over the cap", S(74200, "delivered", 5))

# ---- E2
E("terse", "E2", "charger caught fire. my son got burned", "injury and safety, no refund request", S(2999, "delivered", 12))
E("rambling", "E2", """Hello,

I don't usually write complaints, I'm more of a grumble-to-my-husband type, but I think you need to know about this one.

I bought the glass kettle from you, the one with the blue light. This morning I was making tea for my mum and the lid popped open on its own while it was boiling and the water went all over my hand. I've been running it under the tap and it's red and blistering. My GP says it's a second-degree burn.

I'd like a refund obviously, 44.99, but more than that I want someone to look into it because if a child had been standing there it could have been so much worse.

Regards,
Sheila""", "injury (burn) with a refund request: E2 before refund", S(4499, "delivered", 8))
E("non_native", "E2", "Sir, I am very much disappointed. Mixer grinder stopped working within 10 days only. If you are not refunding the amount of 29.99 I will be filing complaint in consumer court. Kindly revert. Regards, Anil", "legal threat (consumer court)", S(2999, "delivered", 10))
E("forwarded", "E2", """cc'ing my solicitor on this. Read your own email below and tell me again this was delivered.

> On 2 Mar, Support <help@shop.example> wrote:
> Our records show your order was delivered on 28 Feb. We're therefore
> unable to take further action at this time.
>
> Support Team""", "legal threat (solicitor), no refund amount needed", S(13500, "delivered", 11))
E("jargon", "E2", """Third contact on this ticket and still no resolution. If this isn't sorted within your own stated SLA I'll be referring it to the ombudsman. Want a refund of 60.00 for the faulty speaker.""", "ombudsman = legal/regulator threat: E2 before refund", S(6000, "delivered", 16))
E("non_native", "E2", "Hello. The blade of the mandoline slicer is come off when I use, and I cut my finger very deep, hospital make 3 stitch. This is dangerous product. Please check. Tanaka", "injury from the product, no refund asked", S(3400, "delivered", 6))

# ---- U1
E("terse", "U1", "need a refund on one of my orders", "3 candidate orders, none linked or named", S(None, extra=3))
E("rambling", "U1", """Hi,

The rug arrived and it's nice enough but it's noticeably smaller than it looked in the photos, and the colour is more grey than the lovely sage green on the website. I've put it down in the hall anyway, it sort of works there, and the kids have already spilled juice on it so sending it back is not really an option now, ha.

I'd like part of my money back though, I think that's only fair given it isn't what was advertised.

Thanks,
Rachel""", "partial refund with no figure", S(6000, "delivered", 7))
E("non_native", "U1", "Oi, the necklace come with one stone missing. I want refund of maybe 10 or 15 dollar, you decide what is fair. Obrigada, Fernanda", "alternative figures (10 or 15)", S(4200, "delivered", 5))
E("jargon", "U1", """Hi, logging a complaint: item arrived with scuffing to the casing. Not worth a full RMA. Requesting a partial refund, approx 20 GBP, to close out.""", "'approx 20' cannot be read with certainty", S(8800, "delivered", 10))
E("forwarded", "U1", """sort this out please, not happy

---------- Forwarded message ---------
From: Marketing <news@shop.example>
Subject: Spring sale - 20% off everything!
Don't miss out - ends Sunday.""", "vague complaint, no order or problem named; forwarded marketing mail; 2 candidate orders", S(None, extra=2))
E("terse", "U1", "around 20 back for the dent?", "'around 20' is not a certain figure", S(5000, "delivered", 3))
E("rambling", "U1", """Hiya,

So the garden set turned up on Tuesday. Table is great, the four chairs are great, but the parasol is a completely different colour to what I ordered - I went for terracotta and got a sort of lurid orange, it looks like a traffic cone. My husband thinks it's hilarious. I do not.

I can't really be bothered to take the whole thing apart and send it back, it took us the entire afternoon to build. So could I maybe get half of it back? Seems fair to me.

Cheers,
Anne-Marie""", "'half of it' without a figure: half of the order or of the parasol is unclear", S(7000, "delivered", 6))

# ---- F1
E("terse", "F1", "cancel it and refund", "refund on an order that is only paid: no rule matches", S(3900, "paid", 2))
E("forwarded", "F1", """Can you refund the 27 EUR then? See below - cancelled a week ago and nothing back on my card.

---------- Forwarded message ---------
From: Orders <orders@shop.example>
Subject: Your order has been cancelled
Your order has been cancelled as requested.

--
Shop.example Ltd, Registered in England No. 0000000. VAT GB000000000""", "refund request on a cancelled order: no rule matches", S(2700, "cancelled", 9))
E("jargon", "F1", """Order has been sitting in 'paid' status for 10 days, never dispatched - that's well outside your dispatch SLA. Please cancel and refund the 54.00.""", "order only paid, not shipped: F1", S(5400, "paid", 10))

# ---- C1
C("terse", "where is my parcel", "pure inquiry", S(2500, "shipped", 4))
C("rambling", """Hi!

Just a quick note to say thank you so much for sorting out the refund for the broken teapot. It came through this morning and I honestly didn't expect it to be that quick, my last experience with another shop was a nightmare.

I'll definitely order again, I've got my eye on the matching cups already. My sister has been telling everyone about your shop too.

Have a lovely weekend,
Joan""", "thanks for a refund already made: inquiry, not a new request", S(3800, "delivered", 12, prior="executed"))
C("non_native", "When my refund will arrive? You say me 5 day already and is 7 day now. Shukran, Layla", "asking about the state of a pending refund", S(4600, "delivered", 15, prior="pending"))
C("forwarded", """Just checking - is this the full amount or is there more to come? Thanks

---------- Forwarded message ---------
From: Payments <payments@shop.example>
Subject: Your refund has been processed
We've refunded 21.00 to your Visa ending 0042.""", "question about an executed refund, not a new request", S(2100, "delivered", 10, prior="executed"))
C("jargon", "Quick one - what's your SLA for refunds hitting the card once they're processed? Just want to set expectations on my end, the 49.99 one from last week.", "question containing a figure; state of a refund", S(4999, "delivered", 9, prior="executed"))
C("terse", "do u ship to canada", "pure inquiry", S(1500, "delivered", 20))
C("jargon", "Pre-dispatch query on my open order: is the 45.00 inclusive of VAT and duties, or will the courier collect on delivery? Just want it on the record before it ships. Ta.", "question containing a figure, no refund request", S(4500, "paid", 1))
C("rambling", """Hello,

I bought a set of your linen napkins a few weeks back and they're gorgeous, so I'm thinking of getting the tablecloth to match for my daughter's engagement dinner (very exciting, we all love him).

My question is: the newsletter said there was a $30 off code for orders over $150, is that still valid? I can't find it anywhere now and the tablecloth plus the runner would just about tip me over.

Thanks ever so much,
Pauline""", "question about a discount code containing figures; no refund", S(6000, "delivered", 24))
X("jargon", "X1", """Hi, opening a ticket on behalf of my partner - the order's under his login but I paid for it and I'm the end user. Item faulty on first use. Please process a full refund to me, reference number is on the packing slip.""", "linked order belongs to another customer's account", S(7200, "delivered", 8, foreign=True))
