from common import S, T

REFUSALS = [
# ---------------- X1 no verifiable order ----------------
T("refund 30 for the lamp",
  "refuse", ["X1"], "customer has no order at all", "terse",
  S(None)),
T("""Can you refund this one please, it's the wrong colour. Thanks, Amy

---------- Forwarded message ---------
From: Orders <orders@shop.example>
Date: Fri, 27 Nov 2026 at 14:22
Subject: Order confirmation #40912
To: Becky Shaw

Hi Becky, thanks for your order! Wool throw, charcoal - 66.00. Total: 66.00""",
  "refuse", ["X1"], "the linked order (quoted confirmation addressed to someone else) is another customer's", "forwarded",
  S(6600, "delivered", 6, foreign=True)),
T("""Salam, I write for my brother, he is not have account in your site so I use my account. The order of him is the
perfume set 120 dollar, it come with bottle empty half. Please make refund to me for him. Shukran.""",
  "refuse", ["X1"], "Arabic speaker; the linked order belongs to another customer (the brother)", "non-native",
  S(12000, "delivered", 9, foreign=True)),
T("""Please action refund of GBP 59.00 ref PO-7781 / INV 2231-B. Goods rejected at goods-in.
Regards, Purchasing""",
  "refuse", ["X1"], "no order on the account; PO/invoice refs are not orders of this customer", "jargon",
  S(None)),

# ---------------- X2 over-ask ----------------
T("this junk fell apart in a day. want double my money back",
  "refuse", ["X2"], "'double my money back' asks more than the 25.00 order", "terse",
  S(2500, "delivered", 4)),
T("""Hello, so the picture frame finally arrived, a full week later than the date on your website, which meant I
missed giving it to my dad on his birthday, which, fine, he's 70, he's had birthdays before. But it came with the
glass scratched right across the middle, like someone dragged keys over it. I'm honestly fed up. I spent ages choosing
it. My brother told me to go to a proper framer in town and he was right. I want the full price back plus the $15 I'm
going to have to pay for postage to send this back to you, because I shouldn't be out of pocket for your mistake.""",
  "refuse", ["X2"], "full price 40.00 plus 15 postage = 55.00 > order amount 40.00; an over-ask is refused, not reduced", "rambling",
  S(4000, "delivered", 10)),
T("""Hallo, I have ordered the Rucksack and it is broken at the seam. I want 89,90 € back please.
Vielen Dank
Sabine""",
  "refuse", ["X2"], "German speaker asks 89,90 but the order amount is 79.90 -> over-ask", "non-native",
  S(7990, "delivered", 12)),
T("""Re: Order 20447 - defective unit
We request full reimbursement of the order value plus 20.00 compensation for the inconvenience and staff time
incurred. Please process accordingly and confirm in writing.""",
  "refuse", ["X2"], "order value 60.00 + 20.00 compensation = 80.00 > 60.00", "jargon",
  S(6000, "delivered", 7)),
T("""Not acceptable. I've wasted two afternoons on this. I want 150 for my time and trouble, not 30.

> From: Support <support@shop.example>
> Sent: 01 December 2026 10:12
> Subject: RE: broken speaker
>
> Hi Alex, we're sorry the speaker stopped working. We can offer a partial refund
> of 30.00 or a full refund on return of the item (90.00).""",
  "refuse", ["X2"], "asks 150 against a 90.00 order; the quoted shop offers do not change the ask", "forwarded",
  S(9000, "delivered", 12)),

# ---------------- X3 past the window ----------------
T("refund order 3321 pls. never worked",
  "refuse", ["X3"], "placed 45 days ago, outside the 30-day window", "terse",
  S(3800, "delivered", 45)),
T("""Hi! OK so slightly embarrassing, I bought the paddling pool back in the heatwave and then the heatwave ended
literally the day it arrived (classic) so it went in the garage and I only got it out last weekend because my
nephews were visiting and wanted to 'swim' indoors, don't ask. Anyway it has a split along the bottom seam and won't
hold air at all. It's never been used. I know it's been a while, like two months, but it's brand new. Could I get a
refund of the 34.99 please?""",
  "refuse", ["X3"], "placed 62 days ago; 'never used' does not reopen the window", "rambling",
  S(3499, "delivered", 62)),
T("""Buenas tardes, I bought the lamp in your shop one month and some days ago, it was working good but now the light
is doing blink all the time. I want that you return me my money, 45,50 euros. Muchas gracias.""",
  "refuse", ["X3"], "Spanish speaker; placed 33 days ago -> past the window", "non-native",
  S(4550, "delivered", 33)),
T("""Dad's asking about this again - can you refund it? He says the heater never got warm. - Jo

-----Original Message-----
From: Orders <orders@shop.example>
Sent: Saturday, September 5, 2026 17:48
To: Jo Whitfield
Subject: Order confirmation #31880

Thank you for your order. Oil-filled radiator, 2kW - 69.00. Estimated delivery: 8-10 September.""",
  "refuse", ["X3"], "quoted confirmation is from September; order placed 89 days ago", "forwarded",
  S(6900, "delivered", 89)),
T("""RMA request - Order 44019
Reason: intermittent fault
Requested: full credit to account.
Please advise RMA number and return label.""",
  "refuse", ["X3"], "full credit requested on an order placed 41 days ago", "jargon",
  S(11500, "delivered", 41)),
T("""I'm not normally someone who writes to companies - my wife says I should speak up more, actually, she says I let
people walk all over me, and she's probably right, she usually is. We had the in-laws for six weeks over the summer
which is a story for another day. Anyway in all that chaos the garden hose reel I ordered from you got shoved in the
shed and I only tried it last week: the winding handle snaps off its little plastic peg. I'm not after my money back,
it was ages ago and it's my own fault for leaving it, but do you sell the handle on its own as a spare part? I'd
happily pay for one. It'd save me buying a whole new reel, and the wife would be impressed I fixed something.""",
  "close", ["C1"], "past-window order (49 days) but no refund asked: a spare-part question -> C1, X3 only blocks a refund request", "rambling",
  S(2799, "delivered", 49)),

# ---------------- X4 already refunded ----------------
T("refund again still broken",
  "refuse", ["X4"], "the order already has an executed refund", "terse",
  S(3999, "delivered", 9, prior="executed")),
T("""Hello again. So you may remember me from a couple of weeks back, the toaster with the wonky lever - you refunded
that, thank you, it came through fine and the lady on chat was lovely. I kept the toaster because she said I didn't
need to send it back. Well, funny thing, I fixed the lever with a bit of help from my neighbour (retired engineer, can
fix anything) but now the crumb tray doesn't slide out at all. So I think I'm owed something for that as well,
maybe refund it again? It's still not a properly working toaster, is it.""",
  "refuse", ["X4"], "same order already refunded (executed); a second refund is asked", "rambling",
  S(4599, "delivered", 19, prior="executed")),
T("""Order ref 58812 - please process refund for the remaining defective unit. Kindly confirm timeline for credit to
original payment method.""",
  "refuse", ["X4"], "executed refund already on this order", "jargon",
  S(21000, "delivered", 15, prior="executed")),
T("""The kettle still doesn't switch off by itself - I want the money back properly this time.

> From: Support <support@shop.example>
> Subject: RE: kettle
> Hi Chris, we've processed your refund of 32.00 today; it should reach your card in 3-5 working days.""",
  "refuse", ["X4"], "quoted shop reply confirms an executed refund on this order; new refund asked", "forwarded",
  S(3200, "delivered", 20, prior="executed")),
T("""Hello, last week you give me back money for the vase, thank you. But I find now also the small plate inside is
broken too. Please give money back again for this order, 15 yuan... sorry, 15 dollar. Xie xie.""",
  "refuse", ["X4"], "Chinese speaker; second refund on an order with an executed refund", "non-native",
  S(5800, "delivered", 12, prior="executed")),
]
