from common import *
rows = []
rows.append(T("b12-g-000",
"hey pls rfnd my hoodie order, came w/ a hole in the sleeve 😤 want $$ back not a swap. 34.50 thx",
"refund", R, "refund 3450; SMS shorthand, asks 34.50 = order amount, delivered 4d", S(3450, "delivered", 4)))
rows.append(T("b12-g-001",
"Hola! Compré unos tenis y me llegaron en el size equivocado, un 9 en vez de 7. Honestly ya no los quiero, no me manden otro par. Quiero mi refund de $62.00 por favor. Gracias!!",
"refund", R, "refund 6200; Spanglish, explicit 62.00 = order amount", S(6200, "delivered", 9)))
rows.append(T("b12-g-002",
"Hi team, maine jo bedsheet set order kiya tha uska colour photo se bilkul alag hai, ekdum faded grey aaya hai. Exchange nahi chahiye. Please mujhe Rs 450 ka refund de do, bas itna hi.",
"refund", R, "refund 45000; Hinglish, Rs 450 in order currency = order amount 450.00, under cap", S(45000, "delivered", 11)))
rows.append(T("b12-g-003",
"Hello po! Yung earphones na na-order ko, isang side lang gumagana. Pwede po bang ma-refund na lang? Ayoko na po ng replacement, sayang lang oras. Salamat po!",
"refund", R, "refund 1875; Taglish, no figure, order linked -> order amount", S(1875, "delivered", 12)))
rows.append(T("b12-g-004",
"Bonjour, j'ai bien reçu la lampe mais l'abat-jour est complètement cracked sur le côté. Je garde la lampe, c'est pas grave, mais je voudrais un refund de 15 euros pour le abat-jour. Merci d'avance!",
"refund", R, "refund 1500; Franglais, partial with explicit 15, order 44.90", S(4490, "delivered", 7)))
rows.append(T("b12-g-005",
"hi yeah so the blender I got from you guys it broke the first time I used it um the jug just cracked right down the side so I'd like my money back forty nine ninety nine please thanks bye",
"refund", R, "refund 4999; speech-to-text, 'forty nine ninety nine' = 49.99 = order amount", S(4999, "delivered", 11)))
rows.append(T("b12-g-006",
"ok so the rain jacket came today and its the wrong colour its like mustard not olive i want a refund for a hundred and twenty five bucks thats what i paid for it",
"refund", R, "refund 12500; speech-to-text, 'a hundred and twenty five bucks' = 125.00 = order amount", S(12500, "delivered", 3)))
rows.append(T("b12-g-007",
"""The two USB cables in this order both arrived snapped at the connector. The lamp is fine. Receipt below:

ORDER SUMMARY
Desk lamp (brass)        1 x 38.00    38.00
USB-C cable 2m           2 x  6.50    13.00
--------------------------------------------
Subtotal                              51.00
VAT 20%                               10.20
Shipping                               4.99
TOTAL                                 66.19

Please refund the cable line only, 13.00.""",
"refund", R, "refund 1300; pasted receipt, ask is one line (13.00), not the total 66.19", S(6619, "delivered", 8)))
rows.append(T("b12-g-008",
"""Returning everything from this one, it's just not what the pictures showed. I don't expect the delivery fee back since your courier did deliver it.

  Linen throw (sage)       54.00
  Cushion cover x2         27.50
  Delivery                  5.90
  ----------------------------
  Order total              87.40

So that's the order total minus the delivery — 81.50. Cheers.""",
"refund", R, "refund 8150; pasted invoice, total minus shipping = 81.50, figure also stated", S(8740, "delivered", 19)))
rows.append(T("b12-g-009",
"""Subject: whole order damaged in transit

Item                         Qty   Price
Ceramic planter, large        1    89.00
Ceramic planter, small        2    18.50
Sales tax (7.25%)                   9.14
Standard shipping                   7.83
Total charged                     142.97

Every single pot was in pieces when I opened the box. Refund the total please, I've attached photos.""",
"refund", R, "refund 14297; receipt, ask = total charged = order amount", S(14297, "delivered", 2)))
rows.append(T("b12-g-010",
"Hi - bookkeeper for Fern & Field florist here. Item 3 on our last order (floral wire x5) was short-shipped, only 2 came. Pls post CR 27.45 against the order and we'll reconcile on our side. Rgds, Dana",
"refund", R, "refund 2745; accounting notation 'CR 27.45' = a credit of 27.45", S(11980, "delivered", 14)))
rows.append(T("b12-g-011",
"Hallo, das Kissen kam mit einem Riss an. Not going to bother sending it back from Austria, the postage costs more than it's worth. Please refund € 49,- to my card, the rest of the order is fine.",
"refund", R, "refund 4900; '€ 49,-' = 49.00, order 59.90", S(5990, "delivered", 6)))
rows.append(T("b12-g-012",
"""Credit note request
Customer ref: M. Haddad
Reason: 1 of 3 jars arrived broken (leaked all over the box)
Amount to credit: 19.99-
Settle to original payment method.""",
"refund", R, "refund 1999; trailing-minus accounting notation 19.99- = credit of 19.99", S(6497, "delivered", 10)))
rows.append(T("b12-g-013",
"1/5 stars. Cheap plastic, the handle snapped off on day two of normal use. Would not recommend to anyone. I want my money back, 22.90.",
"refund", R, "refund 2290; star review posted as ticket, explicit 22.90 = order amount", S(2290, "delivered", 6)))
rows.append(T("b12-g-014",
"@ShopHelp your 'waterproof' hiking boots leaked on the very first walk 🙄 DM'd you twice already. just refund me the $79 and we're done #notimpressed #soggysocks",
"refund", R, "refund 7900; social-media @-mention, $79 = order amount", S(7900, "delivered", 10)))
rows.append(T("b12-g-015",
"""Only the mugs were chipped, keeping the teapot.

| Item        | Price | Refund? |
|-------------|-------|---------|
| Mug set (4) | 24.00 | yes     |
| Teapot      | 31.00 | no      |
| Shipping    |  4.95 | no      |

**Refund total: 24.00**""",
"refund", R, "refund 2400; markdown table, ask is the mug line 24.00", S(5995, "delivered", 13)))
rows.append(T("b12-g-016",
"""What happened with my order:
- arrived 4 days late
- box was crushed on one corner
- the glass in the photo frame is cracked right across
- the two candles are fine

What I want:
- refund of $18.75 for the frame only""",
"refund", R, "refund 1875; bulleted list, ask 18.75 for one item, order 46.20", S(4620, "delivered", 9)))
rows.append(T("b12-g-017",
"""RE: RE: Replacement for cracked screen protector kit

Fine, then just refund me the 42.00 instead. Not waiting 6 weeks.

-----Original message-----
From: Support
We're sorry, the kit is out of stock until mid-January. We can send a replacement then.

-----Original message-----
From: me
The kit arrived with the glass cracked. Could you send a replacement please?""",
"refund", R, "refund 4200; RE: chain latest on top, first wanted replacement then settles on 42.00", S(4200, "delivered", 8)))
rows.append(T("b12-g-018",
"Hello, I'm writing on behalf of my son Jamie (13) - he bought a wireless game controller with his birthday money on this account. It won't pair with anything, we tried three consoles. Could you please refund the $36.99 to the card? Thank you, Claire (mum)",
"refund", R, "refund 3699; parent writing for child, 36.99 = order amount", S(3699, "delivered", 15)))
rows.append(T("b12-g-019",
"I help Mrs. Okafor with her online shopping, she is 84 and doesn't use email. The slippers she received are two sizes too small and she'd rather have her money than try again. Please refund whatever she paid for them. Many thanks, Grace (carer)",
"refund", R, "refund 2750; carer writing, no figure, linked order -> order amount", S(2750, "delivered", 13)))
rows.append(T("b12-g-020",
"My bank told me to contact you first before I open a card dispute. There are two charges of 58.40 on my statement for the same order on the same day. I only ordered once. Take the second one back please.",
"refund", R, "refund 5840; duplicate charge = request to take extra 58.40 back; bank mention is not a legal threat", S(5840, "delivered", 3)))
rows.append(T("b12-g-021",
"First I asked your chat for the shorts in a bigger size - out of stock. Then they offered me a 10% discount code for next time. No thanks, I don't shop that often. Just give me the money for the shorts, 27.00, and I'll post them back.",
"refund", R, "refund 2700; exchange -> code -> settles on money, 27.00", S(2700, "delivered", 16)))
rows.append(T("b12-g-022",
"bluetooth speaker is dead, wont even turn on. refund $45 please — sorry, typo, $54. thats the right one",
"refund", R, "refund 5400; stated figure corrected 45 -> 54, 54 = order amount", S(5400, "delivered", 20)))
rows.append(T("b12-g-023",
"Mate the phone case is cracked already, had it a week. Not fussed about sending it back, just bung us a tenner back and we're square.",
"refund", R, "refund 1000; slang 'a tenner' = 10.00, order 14.99", S(1499, "delivered", 7)))
rows.append(T("b12-g-024",
"Right, the wool scarf's gone bobbly after one wear, not what you'd expect at 65 quid. I'll keep it for gardening but fifty quid back would sort it.",
"refund", R, "refund 5000; 'fifty quid' = 50.00; '65 quid' is a price mention", S(6500, "delivered", 20)))
rows.append(T("b12-g-025",
"yo the phone tripod wobbles like crazy, legit unusable for filming. I'm keeping it as a desk thing but toss me 20 bones back and it's all good",
"refund", R, "refund 2000; slang '20 bones' = 20.00, order 33.00", S(3300, "delivered", 4)))
rows.append(T("b12-g-026",
"Good afternoon. The dinner set is lovely but one of the serving bowls came with a hairline crack. Half a hundred back would be a fair settlement and I'll keep the set. Regards, R. Pillai",
"refund", R, "refund 5000; 'half a hundred' = 50.00, a named figure, order 89.00", S(8900, "delivered", 17)))
rows.append(T("b12-g-027",
"Order 4999 - the charging cable doesn't charge anything, tried 2 phones. Refund please.",
"refund", R, "refund 1299; '4999' is an order number, not an amount; no figure -> linked order amount 12.99", S(1299, "delivered", 6)))
rows.append(T("b12-g-028",
"Ordered on 12.05, arrived 19.05, and the trousers don't fit at all (the 32 is more like a 30). Please refund them.",
"refund", R, "refund 3850; '12.05'/'19.05' are dates, no amount asked -> order amount", S(3850, "delivered", 18)))
rows.append(T("b12-g-029",
"Hi, the thing I bought from you last week has stopped working already. Can I get my money back please?",
"refund", R, "refund 2500; no linked order, customer's only order (extra_orders 1, 25.00, 5d) -> that order's amount", S(None, extra=1)))
rows.append(T("b12-g-030",
"The lamp base is fine but the shade came dented. Half of it, so $30, is fine for me since I'm keeping the base.",
"refund", R, "refund 3000; a share with its amount named ($30) asks that amount", S(6000, "delivered", 12)))
rows.append(T("b12-g-031",
"ur courier left my parcel on the step in the rain, book is soaked thru n pages stuck 2gether. rfnd 2day pls, 16.99. ty",
"refund", R, "refund 1699; text-speak, 16.99 = order amount", S(1699, "delivered", 2)))
rows.append(T("b12-g-032",
"Tracking says it shipped yesterday but I found the same air fryer basket locally. Can you refund the full 74.00? I'll refuse the parcel when it comes.",
"refund", R, "refund 7400; status shipped satisfies R1, 74.00 = order amount", S(7400, "shipped", 1)))
