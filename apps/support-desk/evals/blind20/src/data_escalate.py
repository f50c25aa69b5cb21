from common import S, T

ESCALATIONS = [
# ---------------- E1 over the cap ----------------
T("tv dead on arrival. 899.00 refund",
  "esc", ["E1"], "asks 899.00 = order amount, over the 500.00 cap, order otherwise fine", "terse",
  S(89900, "delivered", 4)),
T("""Hi, so the sofa came on Tuesday, two lovely delivery lads, very careful with the door frame which I appreciated
since the last company took a chunk out of it. But when we unwrapped it one of the back cushions is a completely
different shade of grey, like it's from a different batch, and the left arm has a tear in the fabric near the seam.
My husband thinks we should ask for a discount and keep it but honestly I'm not living with a two-tone sofa for the
next ten years. I'd like to send it back and have my money back please. We saved for this for ages.""",
  "esc", ["E1"], "no figure named -> the order's amount 1,240.00, which is over the cap", "rambling",
  S(124000, "delivered", 5)),
T("""Guten Tag,
the washing machine is coming with a big dent in the front and the door is not closing. I want the full money back,
1.349,00 €. Please say me how the pick-up works.
Grüße, T. Hoffmann""",
  "esc", ["E1"], "German thousands dot 1.349,00 = 1,349.00 = order amount, over the cap", "non-native",
  S(134900, "delivered", 8)),
T("""Ref: PO 55-1093 / Order 71244
Status: goods rejected on delivery inspection (3 of 3 units)
Action required: full reimbursement, USD 2 150.00
Please escalate internally as needed and confirm ETA for credit.""",
  "esc", ["E1"], "space thousands separator: 2 150.00 = order amount, over the cap", "jargon",
  S(215000, "delivered", 6)),
T("""See below - they never answered. I'm happy to keep the laptop if they give back 650, screen has dead pixels.
- Paul

---------- Forwarded message ---------
From: Paul Nguyen
Date: Tue, 24 Nov 2026
Subject: dead pixels on new laptop

Hi, the laptop I bought from you (799.99) has a cluster of dead pixels in the top corner. What can you do?""",
  "esc", ["E1"], "partial ask 650.00 <= order 799.99 but over the 500.00 cap", "forwarded",
  S(79999, "delivered", 11)),

# ---------------- E2 safety / legal / injury ----------------
T("""Hi there, bit of a saga. We ordered the kettle as a wedding present for my cousin but then found out she'd been
given three kettles already (who registers for a kettle?) so we kept it ourselves, which was lucky because ours was on
its last legs. Used it for about a week and it was fine, then on Sunday morning the handle went soft and sort of
melted where it joins the body and I burned my hand a bit picking it up - nothing dramatic, ran it under the tap.
Anyway, it's obviously going in the bin. Could I get a refund for it please? And maybe check the batch, I'd hate for
the cousin to have got one after all.""",
  "esc", ["E2"], "injury (burned hand) mentioned in passing alongside a refund request -> E2 before any refund", "rambling",
  S(3499, "delivered", 13)),
T("charger caught fire on the desk. refund 19.99",
  "esc", ["E2"], "safety incident (fire) -> escalate even though the refund would be in policy", "terse",
  S(1999, "delivered", 6)),
T("""Madame, Monsieur,
I have write three times about the missing parcel and nobody answer me. If I have no answer in this week I will make
a complaint to the consumer ombudsman (le médiateur de la consommation). I am very disappointed.
Lucie Bernard""",
  "esc", ["E2"], "French speaker; complaint to an ombudsman threatened, no refund asked", "non-native",
  S(8700, "shipped", 12)),
T("""FORMAL NOTICE - Order 60333
Please be advised that our legal counsel has been instructed regarding the non-conformity of the goods supplied
under the above order. We request that this matter be escalated to a senior representative and that all
correspondence be retained.""",
  "esc", ["E2"], "legal threat, no figure asked", "jargon",
  S(42000, "delivered", 17)),
T("""Please look at this one urgently. - Sarah

---------- Forwarded message ---------
From: Dan Price
Date: Wed, 2 Dec 2026 at 21:10
Subject: the stacking toy
To: Sarah Price

The little red ring came off the stacking toy and Noah had it in his mouth - he coughed it up straight away and he's
fine, but it's exactly the kind of small part that shouldn't come off. Tell the shop. I don't even want money back,
I just want them to know.""",
  "esc", ["E2"], "choking hazard reported for a child's toy (safety), no refund asked", "forwarded",
  S(2450, "delivered", 8)),
T("""Sent from my phone, please excuse the typos.

Hi - re the face cream I bought. I want to flag it: I came out in a rash on both cheeks the day after using it, my
GP said it looks like a reaction. I also want a refund please.

> From: Support <support@shop.example>
> Subject: RE: order 73310
> Hi Meg, thanks for getting in touch. Can you tell us more about the issue with your order?""",
  "esc", ["E2"], "injury (skin reaction confirmed by GP) with a refund request -> E2", "forwarded",
  S(2800, "delivered", 9)),

# ---------------- U1 needs information ----------------
T("want part of my money back",
  "u1", ["U1"], "partial refund with no figure", "terse",
  S(6000, "delivered", 5)),
T("""Okay so where do I start. I ordered the big Christmas hamper for my in-laws as a thank-you for having us all
summer (eleven people in a four-bedroom house, it was a lot). It arrived on time, which, credit where due. But half the
things in it were either past their best-before or squashed - the jar of chutney had leaked onto the crackers, the
chocolates were a bit white and chalky. My mother-in-law was very gracious about it but I was mortified. I paid 95
for it, and my friend says I should ask for about $20 back for the bits that were ruined, which sounds fair-ish? I
don't really know what's normal. Something like that, anyway.""",
  "u1", ["U1"], "'about $20 ... something like that' cannot be read with certainty; 95 is the price", "rambling",
  S(9500, "delivered", 7)),
T("""Hello. Headphones work only on one side, left is silent. Please give me back 10 or maybe 15 dollar, as you think
is correct. I keep them for listening the podcast. Spasibo.""",
  "u1", ["U1"], "Russian speaker; alternative figures (10 or 15)", "non-native",
  S(5900, "delivered", 10)),
T("""Hi team,
Please action a refund for the damaged order and confirm once processed.
Kind regards, Facilities""",
  "u1", ["U1"], "customer has several orders, none linked or named", "jargon",
  S(None, extra=3)),
T("""Can we get half of it back? The other half was fine. - M

-----Original Message-----
From: Support <support@shop.example>
Sent: Monday, November 30, 2026 15:03
Subject: RE: order 81150 - mixed quality

Dear customer, thank you for the photos. Please let us know how you would like us to proceed.""",
  "u1", ["U1"], "'half of it' with no figure", "forwarded",
  S(7800, "delivered", 9)),
T("""Honestly, I don't know what's happened to you lot. I used to recommend you to everyone, my whole book club
shopped with you, and lately it's just one thing after another. Things don't arrive when they say, the stuff isn't
what it used to be, and when you ring there's a bot. I'm not going to list everything, I haven't got the energy,
but I'd like someone to make it right, because I've been a loyal customer for years and it shouldn't be like this.""",
  "u1", ["U1"], "vague complaint: no order named (several on the account), no problem concrete enough to act on", "rambling",
  S(None, extra=2)),

# ---------------- F1 no rule matches ----------------
T("cancelled it yesterday. refund me",
  "esc", ["F1"], "refund asked on a cancelled order -> no rule matches", "terse",
  S(4400, "cancelled", 2)),
T("""Hello, I make order two days ago but I am not need it anymore, my husband buy the same already. It is not send
yet. Please refund my money, 38 dinar... I mean 38 dollar. Thank you.""",
  "esc", ["F1"], "Arabic speaker; refund asked on an order still only 'paid' (not shipped)", "non-native",
  S(3800, "paid", 2)),
T("""Order 90210 shows as CANCELLED in the portal but the card was still charged. Please action reimbursement of 72.00
and confirm reference.""",
  "esc", ["F1"], "refund on a cancelled order -> F1", "jargon",
  S(7200, "cancelled", 6)),
]

CLOSES = [
T("where is my parcel",
  "close", ["C1"], "pure inquiry", "terse",
  S(2999, "shipped", 3)),
T("""Just wanted to say thank you! The refund for the lamp came through this morning, 64.20 exactly, and my bank
app pinged while I was at my daughter's nativity play, which was a nice bit of timing because she was a sheep and
forgot all her lines (sheep don't have many). Anyway, lovely service, I'll definitely order again in the new year
once the Christmas chaos calms down. No need to reply!""",
  "close", ["C1"], "thanks for an executed refund -> inquiry, not a new request (not X4)", "rambling",
  S(6420, "delivered", 22, prior="executed")),
T("""Hello, I ask last week the refund for the teapot and your colleague say OK. Until now I not see money in my
account. Please can you check if it is on the way? Thank you.""",
  "close", ["C1"], "Chinese speaker; asks the state of a pending refund", "non-native",
  S(2600, "delivered", 14, prior="pending")),
T("""Did this go through? I still can't see the 34.99 on my statement.

-----Original Message-----
From: Support <support@shop.example>
Sent: Friday, November 27, 2026 09:30
Subject: RE: Refund request - order 50071

Hi Ben, we've processed a refund of 34.99 to your original payment method. Please allow 5-7 working days.""",
  "close", ["C1"], "asks whether an executed refund went through; figure is in a question", "forwarded",
  S(3499, "delivered", 16, prior="executed")),
T("""Ref: credit note CN-20117 / Order 64402
Kindly confirm the current status of the above credit and expected value date. No further action required.""",
  "close", ["C1"], "status inquiry on a pending refund", "jargon",
  S(18000, "delivered", 12, prior="pending")),
T("""Quick question before I decide anything - I'm thinking about sending the rug back because it's a bit darker than
the photo (it's fine, just darker, and my partner actually likes it, so we're arguing about it). If I do return it,
is the 4.95 delivery charge refunded too, or only the rug itself? Not asking for anything yet, just want to know
where I stand before the great rug debate is settled.""",
  "close", ["C1"], "a question containing a figure; explicitly no refund asked yet", "rambling",
  S(8995, "delivered", 6)),
T("""What's their returns address? Mum wants to know before she posts anything. - K

---------- Forwarded message ---------
From: Margaret Cole
Date: Wed, 2 Dec 2026
Subject: slippers

Kate love, can you ask them where I send the slippers if they don't fit? I haven't tried them yet.""",
  "close", ["C1"], "returns-address question, no refund asked", "forwarded",
  S(2200, "delivered", 4)),
T("""Hello,
Per our procurement process, please provide: (1) your standard lead time for bulk orders of the desk organiser,
(2) whether volume pricing applies above 50 units. No issues with order 77310, which was received in full.
Regards, Purchasing Dept.""",
  "close", ["C1"], "procurement question, order received fine", "jargon",
  S(31000, "delivered", 10)),
]
