from common import *
rows = []
rows.append(T("b12-g-070",
"@ShopHelp refund for the broken lamp landed this morning, way faster than I expected. cheers for sorting it 🙌",
"close", ["C1"], "thanks for a refund already made (executed) -> inquiry, not X4", S(3900, "delivered", 12, prior="executed")))
rows.append(T("b12-g-071",
"hi any news on my rfnd? it says pending in my acct. ty",
"close", ["C1"], "asks state of a pending refund; no new request", S(2450, "delivered", 9, prior="pending")))
rows.append(T("b12-g-072",
"""Couple of questions about returns before I decide on the throw:\n1. Do you send a prepaid return label?\n2. If not, which courier do you recommend?\n3. How long do I have to decide?""",
"close", ["C1"], "pure inquiry about the returns process, no request", S(5400, "delivered", 4)))
rows.append(T("b12-g-073",
"Hi po! Ask ko lang if true to size po ba yung running shoes niyo or mas maliit? Plan ko po mag-order ulit ng isa pang pair para sa kapatid ko. Thanks po!",
"close", ["C1"], "Taglish sizing question", S(5900, "delivered", 20)))
rows.append(T("b12-g-074",
"5/5 stars ⭐⭐⭐⭐⭐ The cast iron pan is a beast, heats evenly, already seasoned nicely. Delivery was quick too. Will buy the lid next.",
"close", ["C1"], "positive review posted as ticket, no request", S(4500, "delivered", 10)))
rows.append(T("b12-g-075",
"""RE: Refund confirmation

Got it, the money's back on my card. All good, you can close this. Thanks Priya!

> On Mon, Support wrote:
> Your refund of 27.00 has been issued and should appear in 3-5 working days.""",
"close", ["C1"], "RE chain acknowledging executed refund -> close", S(2700, "delivered", 15, prior="executed")))
rows.append(T("b12-g-076",
"hey um just wondering when my refund will show up on my card it's been like three days since you said you sent it thanks",
"close", ["C1"], "speech-to-text; asks status of executed refund -> inquiry", S(6150, "delivered", 18, prior="executed")))
rows.append(T("b12-g-077",
"Hello, I look after the accounts for Dr. Mensah's clinic. Could you send a VAT invoice for the printer toner order? Our accountant needs it for the quarter. Thank you, Ewa",
"close", ["C1"], "assistant asking for an invoice copy; no account action in refund terms", S(8640, "delivered", 16)))
rows.append(T("b12-g-078",
"Salut! J'ai commandé le puzzle hier, il est marked as shipped. C'est combien de jours normalement pour la livraison en Belgique? Merci!",
"close", ["C1"], "Franglais delivery-time question", S(2200, "shipped", 1)))
rows.append(T("b12-g-079",
"My bank's asking me for the reference number of the refund you already sent for this order, so they can match it on their side. Could you send that over? Thanks.",
"close", ["C1"], "asks for a reference of an executed refund; no new request, no dispute", S(4999, "delivered", 20, prior="executed")))
