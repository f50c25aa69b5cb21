from common import S, T

REFUNDS = [
# ---------------- terse ----------------
T("order 4471 arrived smashed. refund",
  "refund", None, "no figure named, linked order identified -> the order's amount", "terse",
  S(3450, "delivered", 3), 3450),
T("wrong size, 34.90 back pls",
  "refund", None, "asks 34.90 of a 59.80 order (one of two items)", "terse",
  S(5980, "delivered", 7), 3490),
T("charged twice for #88120 take one back",
  "refund", None, "duplicate charge reported = take the extra 27.45 charge back", "terse",
  S(2745, "delivered", 2), 2745),
T("refund 12,99 item missing from box",
  "refund", None, "decimal comma 12,99; order shipped (R1 allows shipped)", "terse",
  S(4197, "shipped", 10), 1299),
T("bag strap torn off first day. twenty bucks back and ill keep it",
  "refund", None, "'twenty bucks' = 20.00 of a 64.00 order", "terse",
  S(6400, "delivered", 12), 2000),
T("pls refund 199.9 no wait 19.99 sorry fat fingers",
  "refund", None, "typo 199.9 restated as 19.99 = the order amount", "terse",
  S(1999, "delivered", 8), 1999),
T("tracking says delivered, nothing here, neighbours have nothing. want my 45 back",
  "refund", None, "asks 45 = the full 45.00 order", "terse",
  S(4500, "delivered", 14), 4500),

# ---------------- rambling ----------------
T("""Hi there,

so this is a bit of a long one, sorry in advance. My daughter turned seven on Saturday and we did the whole garden
party thing, which in hindsight in November was ambitious, but she insisted. Back in the spring I'd ordered that
cake stand from you (the 120 one, gorgeous, still use it) so naturally I came back to you for the table stuff this
time too. The tablecloth came and it's lovely, no complaints there at all, my mother-in-law even asked where it was
from. The napkins though - the set of 12 that was supposed to come in the same parcel - never showed up. The packing
slip lists them, the box just didn't have them. I ended up running to the supermarket at 8am on the day and paying
about 9 quid for paper ones, which, fine, my problem not yours.

Anyway I don't need the napkins any more, party's over, so could you just refund the 15.00 for them? Everything else
can stay as it is.

Thanks so much, and the tablecloth really is great.
Priya""",
  "refund", None, "buried ask 15.00 for the missing napkins; 120 (old order) and 9 (supermarket) are other figures; order 53.50", "rambling",
  S(5350, "delivered", 9), 1500),
T("""Hello! We've just moved house (third time in two years, don't ask, my husband's job) and in the middle of the
chaos the blender I ordered from you arrived. I know I had a refund from you last year on a different order - a
toaster I think, that was all sorted very quickly so thank you again - but this is a different thing. The blender
jug has a crack running down from the rim, you can see it clearly when you hold it up to the window. I haven't even
used it, I wouldn't dare. The kids were very disappointed because smoothies were promised. I've put it back in the
box. I'd just like my money back for it please, I don't want a replacement as we've got a spare one from my
sister now.""",
  "refund", None, "no figure named; linked order identified -> order amount 89.99; last year's refund was another order (no prior refund on this one)", "rambling",
  S(8999, "delivered", 6), 8999),
T("""Right so I've been going back and forth with my bank app about this for twenty minutes. You charged me 62.40 for
the lamp and the bulbs - actually hang on, no, looking at it again it's 64.20, I had the digits the wrong way round,
it's late and I've had a day. My partner says I should just return it but honestly the shade arrived dented and the
whole point was for the reading corner, which we finally finished painting last weekend (sage green, if you care,
it took three coats). I'm not sending a dented lamp across the country at my own cost. So please refund the 64.20 and
I'll recycle the thing. Thanks.""",
  "refund", None, "figure corrected mid-message 62.40 -> 64.20, the order amount", "rambling",
  S(6420, "delivered", 20), 6420),
T("""Good afternoon, I'm writing on behalf of my gran who's 91 and refuses to do 'computer things' but she placed the
order on my account so here I am. She bought six of the scented candles for her church group's christmas stall (they
sell out every year, she's very proud of this), 7.50 each. Three of them came with the glass jars cracked straight
through, wax everywhere, the box smelled like a perfume counter. The other three are fine and she's keeping them.
She says she'd like her money back for the three broken ones only, 7.50 each as I said, and she'd also like me to
tell you the vanilla ones are the best you do. So that's me told. Thank you!""",
  "refund", None, "part of order: 3 broken x 7.50 = 22.50 of a 45.00 order", "rambling",
  S(4500, "delivered", 11), 2250),
T("""I'll keep this short (I won't). My sister ordered from you last month and spent something like 200 quid and was
thrilled, which is why I tried you. I ordered the brass desk lamp and, separately, a rug that I've already sent back
to a different shop because it was the wrong shade of beige, and that cost me 12 in postage, which annoyed me, but
that is not your fault and I'm only mentioning it because it's why I'm in a bad mood. The lamp: it arrived with the
switch rattling loose inside the base and it just doesn't turn on. Tried three bulbs. I'd like the 29.99 for the lamp
refunded please. No need for a replacement.""",
  "refund", None, "asks 29.99 = the order amount among 200 and 12 noise figures; shipped status", "rambling",
  S(2999, "shipped", 25), 2999),
T("""Hi, sorry to bother you so close to the end of my returns period - I know I'm cutting it fine, it's been four weeks
pretty much exactly and work has been relentless, end of quarter, you know how it is. The coffee machine was meant to
be a treat to myself after I got the promotion, 310 euros, which is more than I've ever spent on a kitchen thing, and
the milk frother has never once frothed, it just spits lukewarm milk at the cup. I descaled it, I watched the video
twice, I tried three kinds of milk. I'd like to return it and get the full 310 euros back please. I have the
box and everything.""",
  "refund", None, "asks 310 euros = the order amount; placed 28 days ago (within the window); frother fault only", "rambling",
  S(31000, "delivered", 28), 31000),

# ---------------- non-native ----------------
T("""Hello,
the coat which I have ordered is coming with a hole in the left arm. I would like to become the money back, 79,95 Euro.
Please tell me how I shall send it back.
Mit freundlichen Grüßen
Jürgen Albrecht""",
  "refund", None, "German speaker, 'become the money back' = get; decimal comma 79,95 = order amount", "non-native",
  S(7995, "delivered", 6), 7995),
T("""Hola, I receive the shoes yesterday but is the wrong colour, I order the black and come the brown. I want return and
you give me back the money of the shoes please. Gracias, muy amable.""",
  "refund", None, "Spanish speaker; no figure named -> order amount 54.00", "non-native",
  S(5400, "delivered", 4), 5400),
T("""Respected Sir/Madam,
I am having received the kurta set in damaged condition only, the stitching is coming open at the side. Kindly do
the needful and refund the amount of Rs. 450/- at the earliest.
Thanking you,
Ramesh Kumar""",
  "refund", None, "Indian English, 'Rs. 450/-' = 450.00 in the order's currency = the order amount", "non-native",
  S(45000, "delivered", 4), 45000),
T("""Dear shop, I buy 2 piece of phone case, one is broken when I open, the corner is crack. The other is OK I keep.
Please return me money for one piece, 9.5 dollar. Thank you very much!""",
  "refund", None, "Chinese speaker; '9.5 dollar' = 9.50 for one of two cases (order 19.00)", "non-native",
  S(1900, "delivered", 3), 950),
T("""Good day. Parcel is come but inside is not what I was order, is other model of headphones, not wireless. I want
refund of all money, 129 dollars 90 cents. Thank you in advance.""",
  "refund", None, "Russian speaker; '129 dollars 90 cents' = 129.90 = order amount", "non-native",
  S(12990, "delivered", 11), 12990),
T("""Bonjour,
I have been debited two times for the same command (n° 55302), 2 x 23,40 €. On my bank account I see it two times.
Can you reimburse the second debit please?
Cordialement,
Hélène Marchand""",
  "refund", None, "French speaker ('command' = order); duplicate charge -> take the extra 23,40 back", "non-native",
  S(2340, "delivered", 5), 2340),
T("""Hello, the jacket have broken zipper, it not close from the first day. I want that you return me sto pięćdziesiąt
złotych, so 150,00 zł, and I send jacket back. Thank you, Katarzyna""",
  "refund", None, "Polish speaker; number in words + 150,00 zl = order amount", "non-native",
  S(15000, "delivered", 16), 15000),

# ---------------- forwarded ----------------
T("""This came today and the glass top is in pieces. Please refund the 42.00. - Mark

---------- Forwarded message ---------
From: Orders <orders@shop.example>
Date: Mon, 30 Nov 2026 at 09:14
Subject: Your order has been delivered
To: Mark Ellery

Hi Mark,
Good news - your order (1 x Side table, glass top - 42.00) has been delivered.
Total paid: 42.00
Thanks for shopping with us!""",
  "refund", None, "customer's own line on top asks 42.00 = order amount; quoted notification repeats it", "forwarded",
  S(4200, "delivered", 6), 4200),
T("""No, I don't want a credit. I want the full 74.99 back, the boots leak.

On Tue, 1 Dec 2026, Support <support@shop.example> wrote:
> Hello Dana,
> We're sorry to hear about the boots. As a goodwill gesture we can offer you
> a store credit of 10.00 for your next purchase.
> Kind regards,
> Tom, Customer Support""",
  "refund", None, "rejects the quoted 10.00 credit offer and asks 74.99 = order amount", "forwarded",
  S(7499, "delivered", 13), 7499),
T("""Yes please go ahead with the 15.00, thanks.

Sent from my iPhone

> On 2 Dec 2026, at 16:40, Customer Care <care@shop.example> wrote:
>
> Hi Sam, thanks for the photos. We can refund 15.00 for the damaged lid,
> or send a replacement lid free of charge. Just let us know which you prefer.
>
>> On 1 Dec 2026, Sam wrote:
>> The lid of the storage box I ordered (36.00) arrived cracked.""",
  "refund", None, "accepts the shop's quoted 15.00 refund offer; 36.00 is the price mentioned", "forwarded",
  S(3600, "delivered", 9), 1500),
T("""Hi,
We bought two seats of the planner software but only one was ever used; please refund the unused license, 49.00.

Regards,
Oliver Brandt | Operations
Brandt & Sohn GmbH

This e-mail and any attachments are confidential and may be legally privileged. If you are not the intended
recipient, please notify the sender immediately and delete this e-mail. Any unauthorised use, disclosure or copying
is prohibited. Brandt & Sohn GmbH, Registergericht Hamburg HRB 00000.""",
  "refund", None, "asks 49.00 of a 98.00 order; the legal disclaimer in the signature is no legal threat", "forwarded",
  S(9800, "delivered", 15), 4900),
T("""Hi team, forwarding from our office manager below - can you sort this? Thanks, Raj

-----Original Message-----
From: Linda Okafor
Sent: Wednesday, December 2, 2026 11:02 AM
To: Raj Patel
Subject: FW: toner

Raj - the cartridges from the online shop are the wrong model for our printer (they sent the 305A, we need 410A).
The order was 63.20 including the delivery charge. I'd like the refund for the whole 63.20, we've ordered the right
ones elsewhere already.
Linda""",
  "refund", None, "colleague forwards; quoted ask 63.20 incl. delivery = order amount", "forwarded",
  S(6320, "delivered", 7), 6320),
T("""Correction: it should be 21.70, not 27.00 - I mistyped in my message below. Sorry!

From: Greta Lind
Sent: Thursday, December 3, 2026 08:05
Subject: RE: Order 60418 - missing item

> Hello, one of the two picture frames (21.70 each) was missing from the parcel. Please refund 27.00.
> Greta""",
  "refund", None, "newest message corrects the quoted 27.00 to 21.70; order 43.40", "forwarded",
  S(4340, "delivered", 3), 2170),

# ---------------- jargon ----------------
T("""Ref: Order 70021 / RMA 3391
Item returned DOA, RMA issued. Please action a full reimbursement to the original payment method.
Rgds, M. Ferreira""",
  "refund", None, "'full reimbursement' with no figure -> order amount 249.00", "jargon",
  S(24900, "delivered", 18), 24900),
T("""Hello,
Kindly process a partial credit of USD 35.00 as per your returns policy (1 of 4 units defective, serial attached).
Thanks,
Procurement - Northfield Clinic Supplies""",
  "refund", None, "partial credit with its figure named: USD 35.00 of 140.00; shipped", "jargon",
  S(14000, "shipped", 8), 3500),
T("""Case: short shipment
- Order: 99812
- Issue: 2 units missing from delivery (8 ordered, 6 received)
- Unit price: 12.25
- Requested action: credit for the missing units only
Please confirm once actioned.""",
  "refund", None, "quantity x unit price: 2 x 12.25 = 24.50 of a 98.00 order", "jargon",
  S(9800, "delivered", 10), 2450),
T("""Please raise a credit note for order 31177 - goods not as described.
Net 40.00 + VAT 8.00 = 48.00 gross. Refund of the gross amount to the card on file please.""",
  "refund", None, "net/VAT/gross: asks the gross 48.00 = order amount", "jargon",
  S(4800, "delivered", 21), 4800),
T("""Hi, we are seeing a duplicate transaction on our corporate card for order 88530, amount 318.00 posted twice on
30/11. Please reverse the duplicate at your end so we don't need to raise a chargeback with the card issuer.
Thanks, Accounts Payable""",
  "refund", None, "duplicate charge -> take the extra 318.00 back; a chargeback mention is no legal threat", "jargon",
  S(31800, "delivered", 4), 31800),
T("""Ticket ref CS-20981
As per my call this morning, please process full reimbursement of 89.00 for the defective speaker. Feel free to
escalate to tier 2 if you need sign-off, but the request stands: 89.00 back to original payment.""",
  "refund", None, "'escalate to tier 2' is the customer's wording, not a reason to escalate; 89.00 = order amount", "jargon",
  S(8900, "delivered", 22), 8900),
]
