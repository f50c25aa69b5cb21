from common import *
rows = []
# E1
rows.append(T("b12-g-049",
"Namaste, jo sofa cover set maine order kiya tha wo size mein bilkul fit nahi hota, 3-seater bola tha but 2-seater ka hai. Mujhe poora ₹1,299 refund chahiye please, jaldi se.",
"escalate", ["E1"], "Hinglish; ₹1,299 (Indian grouping) = 129900 cents > cap 50000; order 1299.00 fresh", S(129900, "delivered", 7)))
rows.append(T("b12-g-050",
"Sehr geehrte Damen und Herren, the espresso machine is defective (pump fails). Bitte erstatten Sie USD 1.234,56 auf meine Karte. Mit freundlichen Grüßen, K. Vogt",
"escalate", ["E1"], "'USD 1.234,56' European notation = 1234.56 = order amount, over cap", S(123456, "delivered", 15)))
rows.append(T("b12-g-051",
"hey so the e bike battery wont hold a charge at all I'd like a refund of six hundred and forty nine ninety nine that's the full price",
"escalate", ["E1"], "speech-to-text; 649.99 = order amount, over cap", S(64999, "delivered", 9)))
rows.append(T("b12-g-052",
"""Returning the whole lot, the standing desk frame arrived bent.

Standing desk frame      589.00
Desk top (oak)           119.00
Cable tray                24.90
Delivery                   9.28
TOTAL                    742.18

Refund TOTAL please.""",
"escalate", ["E1"], "receipt; asks total 742.18 = order amount, over cap", S(74218, "delivered", 6)))
rows.append(T("b12-g-053",
"The mattress you delivered is rock hard on one side and already sags in the middle after a week. I want it gone and my money back.",
"escalate", ["E1"], "no figure, linked order -> order amount 589.00 > cap", S(58900, "delivered", 12)))
# E2
rows.append(T("b12-g-054",
"Just a heads up really: the kettle lid flew open while it was boiling and sprayed my wrist, I've got a blister the size of a coin. I'm OK but someone else could get properly burned.",
"escalate", ["E2"], "injury with no refund request -> E2", S(3499, "delivered", 6)))
rows.append(T("b12-g-055",
"""Subject: 3rd REQUEST - broken bike rack - FINAL before ombudsman\n\nThird time I'm writing. The clamp sheared off on the first ride. Refund the 85.00 within 7 days or I'm taking this to the consumer ombudsman.""",
"escalate", ["E2"], "threat of ombudsman complaint = legal threat; order in window so not refused first", S(8500, "delivered", 18)))
rows.append(T("b12-g-056",
"charger u sent started smoking n smells like burnt plastic, unplugged it fast. is this thing safe?? pls advise",
"escalate", ["E2"], "text-speak safety report, no refund request", S(1999, "delivered", 3)))
rows.append(T("b12-g-057",
"Writing for my daughter's account. The stacking toy says 3+ but a little wheel came off and my 4-year-old swallowed it — we spent last night in A&E. She's fine now, thank God. I want a refund and I want you to check this toy.",
"escalate", ["E2"], "parent writing; injury to a child -> E2 regardless of refund ask", S(2299, "delivered", 5)))
rows.append(T("b12-g-058",
"La plancha de pelo se sobrecalentó y me quemó la oreja, literally tengo una ampolla. Si no me responden hoy voy a poner una queja en PROFECO. Quiero mi dinero de vuelta.",
"escalate", ["E2"], "Spanglish; burn injury + complaint to consumer regulator", S(5600, "delivered", 8)))
rows.append(T("b12-g-059",
"@ShopHelp the oil heater I bought from you CAUGHT FIRE in my kid's bedroom last night. thankfully we were awake. pulling it from your site would be a start 🔥😡",
"escalate", ["E2"], "social-media post; fire/safety hazard", S(7499, "delivered", 22)))
# U1
rows.append(T("b12-g-060",
"One of the things I ordered from you recently broke. Refund the one that broke please.",
"escalate", ["U1"], "no linked order, 3 candidate orders, none named", S(None, extra=3)))
rows.append(T("b12-g-061",
"2/5 ★★☆☆☆ Nice fabric, but the curtains faded after one wash. I'm keeping them, but I think I'm owed part of my money back, surely?",
"escalate", ["U1"], "partial refund with no figure", S(6800, "delivered", 14)))
rows.append(T("b12-g-062",
"the mouse double-clicks on its own. refund $10 or maybe $15, whatever you think is fair",
"escalate", ["U1"], "alternative figures 10 or 15", S(2999, "delivered", 10)))
rows.append(T("b12-g-063",
"hi um the phone holder I got it snapped and I want uh forty something back I don't have the receipt handy",
"escalate", ["U1"], "speech-to-text; 'forty something' cannot be read with certainty", S(4699, "delivered", 11)))
rows.append(T("b12-g-064",
"@ShopHelp not happy with you lot at all. sort it out. 👎",
"escalate", ["U1"], "vague: names neither an order nor a problem; 2 candidate orders", S(None, extra=2)))
rows.append(T("b12-g-065",
"Honestly the quality of the jumper isn't what I expected. A few quid back would keep me happy.",
"escalate", ["U1"], "slang 'a few quid' = partial with no definite figure", S(4200, "delivered", 9)))
rows.append(T("b12-g-066",
"""Subject: refund

| order | item | what |
|---|---|---|
| ? | the blue one | broken |

pls refund""",
"escalate", ["U1"], "markdown table but order '?' and 'the blue one'; 4 candidate orders none linked", S(None, extra=4)))
# F1
rows.append(T("b12-g-067",
"pd 4 the shelving unit this am, changed my mind alrdy. rfnd the 140.00 pls b4 it ships",
"escalate", ["F1"], "order status paid (not shipped/delivered): no rule matches -> F1", S(14000, "paid", 0)))
rows.append(T("b12-g-068",
"hey so your website says my order is cancelled but I never got the money back so can you refund thirty five fifty please thank you",
"escalate", ["F1"], "order cancelled; refund on a cancelled order -> F1", S(3550, "cancelled", 4)))
rows.append(T("b12-g-069",
"Hola, pagué ayer las cortinas pero todavía dice 'paid', nada shipped. Ya no las quiero, refund de los $72 por favor.",
"escalate", ["F1"], "Spanglish; order only paid -> F1", S(7200, "paid", 1)))
