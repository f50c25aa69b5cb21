from common import *
W = "web-form"

T("b16-g-000", W, """
Order number: 100-48213
Name: Priya Raman
Reason for contact: Item arrived damaged
Requested resolution: Replacement
Amount:
Message: The ceramic teapot arrived with the spout snapped off. The box looked fine so it must have been packed badly. I'd just like my money back please, no replacement.
""", R5, "refund 3450; linked delivered order, 4 days, the Requested resolution field says Replacement but the message asks money back, no replacement; no figure anywhere, so the order amount", S(3450, "delivered", 4), ask=None)

T("b16-g-001", W, """
Order number: 200-11873
Reason for contact: Other
Requested resolution: Please select
Amount: 0.00
Message: Hi, I ordered two phone cases (blue and black) and only the blue one came. The black one was 12.99. Can I get that 12.99 back? Thanks, Tom
""", R5, "refund 1299; Amount field left at its default 0.00, message asks 12.99 for the missing case; within window, below order amount 25.98", S(2598, "delivered", 9), ask=1299)

T("b16-g-002", W, """
Order number: 300-55102
Reason for contact: Return / Refund
Requested resolution: Full refund
Amount: 64.00
Message: Bought these running shoes for my son, he's worn them twice and they're already splitting at the sole. Want the 64 back.
""", ["X3"], "order placed 47 days ago, past the 30-day window", S(6400, "delivered", 47), ask=6400)

T("b16-g-003", W, """
Order number: 400-90215
Reason for contact: Wrong item
Requested resolution: Partial refund
Amount: 15.00
Message: Got the wrong size of bedsheet (double instead of king). I'll keep it because sending it back is a hassle, but a partial refund would be fair. The form made me put a number so I put 15, but honestly 20 would be closer to the difference. Whatever you think is right.
""", ["U1"], "alternative figures: field says 15.00, message says 15 or 20; the amount cannot be settled", S(5900, "delivered", 6), ask="U")

T("b16-g-004", W, """
Order number: 500-33871
Reason for contact: Not as described
Requested resolution: Refund
Amount: 689.00
Message: The "solid oak" desk is veneered chipboard. This is not what was advertised. I want a refund of the full 689.00.
""", ["E1"], "asks 689.00 = order amount, over the 500.00 cap; otherwise in policy (12 days, delivered)", S(68900, "delivered", 12), ask=68900)

T("b16-g-005", W, """
Order number: 600-20448
Name: Gareth Lloyd
Reason for contact: Late delivery
Requested resolution: Refund + compensation
Amount: 42.49
Message: Parcel took 3 weeks to arrive. The order was 37.49 and I want that back plus the 5 quid I spent on petrol driving to the depot to collect it, so 42.49 total.
""", ["X2"], "asks 42.49 (order price plus 5.00 petrol) on a 37.49 order: over-ask is refused, not reduced", S(3749, "delivered", 3), ask=4249)

T("b16-g-006", W, """
Bestellnummer / Order number: 700-61902
Reason for contact: Defective product
Requested resolution: Refund
Amount: 27,90 €
Message: The electric milk frother stopped working after 3 days. I would like a refund of 27,90 EUR. Kind regards, Annika
""", R5, "refund 2790; decimal comma 27,90 EUR = the order amount; 8 days, delivered", S(2790, "delivered", 8), ask=2790)

T("b16-g-007", W, """
Order number: 800-17734
Reason for contact: Question about my order
Requested resolution:
Amount:
Message: My order says shipped but the tracking hasn't updated since Monday. It was 54.20 with express shipping - does express still mean it arrives by Friday? Just want to know whether to stay in.
""", ["C1"], "pure delivery question; the 54.20 is a price inside a question, no refund asked", S(5420, "shipped", 3), ask="NOREQ")

T("b16-g-008", W, """
Order number: 900-44518
Reason for contact: Refund
Requested resolution: Refund
Amount: 19.99
Message: Headphones have a crackle in the left ear. Please refund 19.99.
""", ["X4"], "the order already has an executed refund", S(1999, "delivered", 11, prior="executed"), ask=1999)

T("b16-g-009", W, """
Order number: 110-30027
Reason for contact: Change order
Requested resolution: Please select
Amount: 0.00
Message: I ordered the medium by mistake yesterday (88.00). Can I still swap it for a large before it ships, or do I have to wait for it and send it back? Please don't cancel it outright, I do want the coat.
""", ["C1"], "question about changing a size on a paid order; explicitly not a cancellation or refund request", S(8800, "paid", 1), ask="NOREQ")

T("b16-g-010", W, """
Order number: 120-77410
Reason for contact: Missing item
Requested resolution: Refund
Amount: see message
Message: Ordered 3 packs of the bamboo toothbrushes (6.50 each) and only got 2. Please refund one pack = 6.50.
""", R5, "refund 650; one missing pack, price named (6.50); order 19.50, 5 days", S(1950, "delivered", 5), ask=650)

T("b16-g-011", W, """
Order number: 130-92266
Reason for contact: Refund
Requested resolution: Refund to original payment method
Amount: 112.00
Message: This is the lamp my sister ordered for me. She said I should sort out the refund myself since it's mine now. It flickers constantly.
""", ["X1"], "the linked order belongs to another customer", S(11200, "delivered", 7, foreign=True), ask=11200)

T("b16-g-012", W, """
Order number: 140-58093
Reason for contact: Item damaged
Requested resolution: Partial refund
Amount: approx 20
Message: One of the six wine glasses in the set was cracked. Roughly 20 back would cover it I think.
""", ["U1"], "approximate figure ('approx 20', 'roughly 20'); cannot be read with certainty", S(7200, "delivered", 2), ask="U")

T("b16-g-013", W, """
Order number: 150-26685
Reason for contact: Billing / payment issue
Requested resolution: Refund
Amount: 45.00
Message: I've been charged twice for this order, two debits of 45.00 on my card statement on the same day. Please take back the second one.
""", R5, "refund 4500; duplicate charge of 45.00 reported, request to take back the extra charge; 6 days", S(4500, "delivered", 6), ask=4500)

T("b16-g-014", W, """
Order number:
Reason for contact: Damaged item
Requested resolution: Refund
Amount:
Message: Sorry, I can't find my order number. It's the only thing I've ever bought from you, the scented candle set. The jar was smashed when it arrived. Refund please.
""", R5, "refund 2500; no linked order but the customer has exactly one order (25.00, delivered, 5 days): the only order, no figure, so the order amount", NOORD(extra=1), ask=None)

T("b16-g-015", W, """
Order number: 160-41127
Reason for contact: Product safety
Requested resolution: Other
Amount:
Message: The children's night light we bought got so hot the plastic casing warped and there's a scorch mark on the bedside table. My daughter could have been burned. I'm not asking for anything yet - I want to know what you're doing about this product.
""", ["E2"], "safety report (overheating, scorching a child's furniture), no refund request", S(2400, "delivered", 14), ask="NOREQ", flags=["E2"])

# boundary, web-form
T("b16-b-00", W, """
Order number: 960-11290
Reason for contact: Defective product
Requested resolution: Refund
Amount: 44.00
Message: The hair straighteners stopped heating up. I know I'm right at the end of the return period, hoping this is still in time.
""", R5, "refund 4400; window edge: placed exactly 30 days ago, day 30 included", S(4400, "delivered", 30), ask=4400)

T("b16-b-01", W, """
Order number: 970-26645
Reason for contact: Return / Refund
Requested resolution: Refund
Amount: 44.00
Message: The buckle on the hiking backpack strap snapped. Please refund.
""", ["X3"], "window edge: placed 31 days ago, day 31 is out", S(4400, "delivered", 31), ask=4400)

T("b16-b-02", W, """
Order number: 980-40018
Reason for contact: Not as described
Requested resolution: Partial refund
Amount: 500.00
Message: The sofa is a noticeably different fabric from the sample you sent us. We'll keep it, but please refund 500.00 of the 1,150.00 we paid.
""", R5, "refund 50000; cap edge: asks exactly 500.00 (not over the cap) out of a 1,150.00 order; 14 days", S(115000, "delivered", 14), ask=50000)

T("b16-b-03", W, """
Order number: 990-73302
Reason for contact: Refund
Requested resolution: Full refund
Amount: 500.01
Message: Returning the bike - the frame size is wrong for me. Full price back please.
""", ["E1"], "cap edge: full refund of a 500.01 order, one cent over the cap; otherwise in policy", S(50001, "delivered", 10), ask=50001)
