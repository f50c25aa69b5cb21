# ---------------- RETURNS (generated) ----------------
g("b18-g-064","returns","in_policy","refund",R,"refund 5500; exchange failed (M out of stock), store credit of 55.00 offered and refused, customer wants the money = order amount",
"""So I sent the L back to swap for an M like your site said I could. Now I get an email saying the M is out of stock and you've 'issued store credit of 55.00'. I don't want store credit, I don't shop here that often. Please put the 55.00 back on my card instead and cancel the credit.
- Becca""",
(5500,"delivered",17))

g("b18-g-065","returns","in_policy","refund",R,"refund 1875; partial shipment: 4 items, the missing one cost 18.75, asks that back",
"""Ordered 4 things, box came with 3. The missing one is the ceramic planter (18.75 on the invoice). Don't bother sending it separately, I've found one locally. Just refund the 18.75 for the planter please.
Order total was 75, everything else is fine.""",
(7500,"delivered",5))

g("b18-g-066","returns","in_policy","refund",R,"refund 3999; replacement also broke; full refund asked with no figure -> order amount",
"""This is the second time. The first desk lamp came with a snapped arm, you sent a replacement, and the replacement's switch stopped working after four days. I'm done. I don't want a third one. Refund the order please.
Nadia""",
(3999,"delivered",16))

g("b18-g-067","returns","in_policy","refund",R,"refund 6000; disputes a 15% restocking fee on a faulty item; asks the full 60.00 (not 51.00)",
"""Your returns page says a 15% restocking fee will be deducted from my refund, so I'd get 51.00 back on a 60.00 item. The toaster is FAULTY, the left slot doesn't heat. I'm not paying a restocking fee for your faulty product. I want the full 60.00 back, not 51.00.
Return is packed and ready.""",
(6000,"delivered",12))

g("b18-g-068","returns","in_policy","refund",R,"refund 4000; paid £6.50 for the return label herself but asks only the £40.00 item price",
"""Hi,
I've returned the boots (tracking RN123456789GB). I paid £6.50 for the return label myself, which I'm not thrilled about, but I'll take that up separately. For now please refund the £40.00 for the boots.
Thanks,
Kirsty""",
(4000,"delivered",14))

g("b18-g-069","returns","in_policy","refund",R,"refund 2799; refuses a gift card, asks 27.99 back to her card",
"""Your agent on chat offered me a gift card for the broken picture frame. I don't want a gift card. Put the 27.99 back on my card please, same as I paid.
Thanks, Lorraine""",
(2799,"delivered",9))

g("b18-g-070","returns","out_of_policy","refuse",["X2"],"asks the £40 item plus the £6.50 label = £46.50 on a £40.00 order",
"""Returned the trainers, tracking attached. Please refund £40 for the trainers plus the £6.50 I paid for the label since they were faulty - £46.50 in total.
Dev""",
(4000,"delivered",11))

g("b18-g-071","returns","out_of_policy","refuse",["X1"],"gift received; the linked order belongs to another customer (the giver); recipient asks refund to herself",
"""Hi, I got this blender as a birthday present from my aunt (her order, not mine, she ordered it to my address). It's the wrong voltage for my kitchen. She says I can return it. Could you refund the 159.99 to my account instead of hers? I'll send it back today.
Sophie""",
(15999,"delivered",6),foreign=True)

g("b18-g-072","returns","out_of_policy","refuse",["X3"],"exchange dragged on; the order was placed 45 days ago; money back asked now",
"""I've been going back and forth about swapping these curtains for six weeks now. First the wrong colour, then 'out of stock', then nothing. Forget the exchange. I just want my money back for the curtains.
Gemma""",
(6800,"delivered",45))

g("b18-g-073","returns","out_of_policy","refuse",["X4"],"a 68.00 refund already executed after a 12.00 restocking fee; asks the other 12.00 -> the order already has an executed refund",
"""You refunded me 68.00 last week after taking a 12.00 'restocking fee' off my 80.00. The item was unopened. I want the other 12.00 back.
Paul""",
(8000,"delivered",20),prior="executed")

g("b18-g-074","returns","in_policy","escalate",["E2"],"replacement glass shattered and cut his finger (injury); refund asked",
"""Your replacement (the first one came cracked) was just as bad - the glass carafe shattered as I poured and I cut my finger open, needed two stitches. I want a full refund and I want to know you're looking at this product.
R. Adeyemi""",
(4599,"delivered",18))

g("b18-g-075","returns","under_specified","escalate",["U1"],"partial shipment; asks 'the part that didn't arrive' back with no figure",
"""Parcel came missing some of what I ordered - the bits for the bed frame, not sure which exactly, the bag of bolts and one slat I think. Can you just refund me for the part that didn't come? I'll buy them at the hardware shop.""",
(8000,"delivered",6))

g("b18-g-076","returns","in_policy","escalate",["E1"],"returned TV; refuses store credit; asks 540 = order amount, over the cap",
"""Returned the TV to your depot on Monday, they signed for it. Your email now says I'll get store credit. I want the 540 back to my bank, not credit. That was the whole point of returning it.
Lee""",
(54000,"delivered",15))

g("b18-g-077","returns","in_policy","escalate",["F1"],"order cancelled; customer asks money back on a cancelled order -> no rule matches",
"""I cancelled this order (the rug) the same day because I'd ordered the wrong size and meant to reorder. Your site says 'cancelled' but I want to make sure the 45.00 comes back - please refund it.
Ana""",
(4500,"cancelled",3))

g("b18-g-078","returns","in_policy","close",["C1"],"asks how returns work (label, deadline); no request yet",
"""Hi - how do returns work with you? Do I need to print a label myself or do you send one, and how long do I have? Thinking about sending back the lamp but haven't decided.""",
(3500,"delivered",4))

g("b18-g-079","returns","in_policy","close",["C1"],"thanks for the executed refund after an exchange mix-up",
"""Just to say the 19.00 refund landed today. Thanks for sorting out the exchange mess in the end, appreciated.
Nick""",
(1900,"delivered",16),prior="executed")
