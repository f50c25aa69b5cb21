#!/usr/bin/env python3
"""Hand-written held-out set #2 (benchmark + ambiguous). Labels follow policy.md alone, first match wins.

python only serialises: every body, label, action and rule below was written by hand.
Run: python3 build_benchmark.py  (writes benchmark.jsonl and ambiguous.jsonl next to this file)
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def S(amount=None, status="delivered", days=10, prior=None, foreign=False, extra=0):
    """setup: an order of `amount` cents (None = no order), prior refund status (None = none)."""
    order = None if amount is None else {"amount_cents": amount, "status": status, "placed_days_ago": days}
    s = {"order": order, "prior_refund": prior is not None, "foreign_order": foreign, "extra_orders": extra}
    if prior is not None:
        s["prior_refund_status"] = prior
    return s


LABEL = {"refund": "in_policy", "close": "in_policy", "escalate": "in_policy", "refuse": "out_of_policy"}


def case(cid, body, action, refs, note, setup, label=None):
    if label is None:
        label = "under_specified" if "U1" in refs else LABEL[action]
    return {"id": cid, "body": body, "label": label, "expected_action": action, "policy_refs": refs,
            "note": note, "setup": setup}


B = []  # scored
A = []  # ambiguous (not scored)

# ---------------------------------------------------------------- refunds (R1-R5 all hold)
B += [
    case("h2-r-01", "Hi there,\n\nSo I've been shopping with you lot for years and never had a problem until now. The kettle "
         "I got stopped heating the water after about a week. I tried descaling it, unplugging it overnight, a different "
         "socket, everything. My husband reckons it's the thermostat but honestly I just want it sorted. I'd like a full "
         "refund please. It was delivered on the 3rd.\n\nThanks,\nMargaret Oyelaran\nTel: (555) 201-4478\nSent from my iPad",
         "refund", ["R1", "R2", "R3", "R4", "R5"], "long rambling email, 'full refund', phone number + date digits",
         S(3499, days=12)),
    case("h2-r-02", "refund $18.50 pls, wrong colour", "refund", ["R4"], "one-liner", S(1850, days=3)),
    case("h2-r-03", "hey u sent me the wrong size lol can i get my $22 back?? thx", "refund", ["R1"],
         "SMS style, 'my $22 back', shipped", S(2200, status="shipped", days=4)),
    case("h2-r-04", "THIS IS THE THIRD TIME I AM WRITING. THE HEADPHONES ARE BROKEN OUT OF THE BOX. REFUND $129.00 AND "
         "STOP SENDING ME SURVEYS.", "refund", ["R5"], "angry caps", S(12900, days=9)),
    case("h2-r-05", "Hello, I am writing for ask the reimburse of 35 dollars because the product is arrive damaged in the "
         "corner. Please to return my money. Thank you very much for your kindly help.", "refund", ["R4"],
         "non-native English, '35 dollars'", S(3500, days=6)),
    case("h2-r-06", "Hiya, the jumper's come through with a hole in the sleeve. I'd like a full refund please, cheers.\n\nTa,\nGemma",
         "refund", ["R4"], "British phrasing, full refund", S(4200, days=6)),
    case("h2-r-07", "G'day, the esky lid snapped the first arvo I used it. Reckon I'm owed a refund of $64.95 mate. Cheers",
         "refund", ["R4"], "Australian phrasing", S(6495, days=11)),
    case("h2-r-08", "Item: $45.00\nShipping: $5.99\nTax: $3.60\nTotal charged: $54.59\n\nThe item never worked. Please refund "
         "the full $54.59.", "refund", ["R4"], "tax/shipping breakdown, total == order amount", S(5459, days=8)),
    case("h2-r-09", "I ordered three mugs (total $89.97). One arrived smashed to bits. Could you refund $29.99 for that one? "
         "I'm keeping the other two.", "refund", ["R4"], "partial refund for one item of several", S(8997, days=5)),
    case("h2-r-10", "Tracking 1Z999AA10123456784 says delivered but the box was empty when I opened it. Refund $75 please.",
         "refund", ["R1"], "tracking number digits are not an amount", S(7500, status="shipped", days=7)),
    case("h2-r-11", "Please reimburse me $19.99 for the phone case, it doesn't fit the model I have.\n\n--\nDaniel Kowalczyk\n"
         "+1 415 555 0132\n12 Nov 2026", "refund", ["R4"], "signature with phone and date", S(1999, days=2)),
    case("h2-r-12", "I'd like $ 49 back for the lamp shade, it arrived dented.", "refund", ["R4"], "'$ 49' with a space",
         S(4900, days=4)),
    case("h2-r-13", "Requesting refund of 49.99USD for the yoga mat, it's the wrong thickness.", "refund", ["R4"],
         "'49.99USD'", S(4999, days=4)),
    case("h2-r-14", "Please credit US$49.99 back to my card - the charger has the wrong plug type for my country.",
         "refund", ["R4"], "'US$49.99', credit back to card", S(4999, days=4)),
    case("h2-r-15", "You charged me for gift wrap ($.99) but it came unwrapped. Please refund the $.99.", "refund", ["R4"],
         "'$.99' = 99 cents", S(2599, days=3)),
    case("h2-r-16", "can u refund 20 bucks, the strap broke on day 2", "refund", ["R4"], "'20 bucks'", S(3000, days=5)),
    case("h2-r-17", "Kindly return fifty dollars to my card, the second pair of shoes in the order didn't fit.", "refund",
         ["R4"], "amount in words, partial", S(11000, days=5)),
    case("h2-r-18", "Dear team, please refund $40.00. The sizing chart on your site is wrong. I'm not in a hurry. "
         "Order was placed two months ago I think, maybe less.", "refund", ["R2", "X5"],
         "customer's own date guess is wrong; window comes from the lookup (12 days)", S(4000, days=12)),
    case("h2-r-19", "Two things: 1) do you ship to Canada? 2) the scarf I got has a pulled thread, can I get $12 back for it?",
         "refund", ["R4"], "multiple questions in one ticket", S(2400, days=9)),
    case("h2-r-20", "Refund $25 please, as discussed.\n\nOn Mon, 9 Nov 2026 at 10:14, Support <help@shop.example> wrote:\n"
         "> Hi, sorry to hear that. We could refund up to $400 if needed.\n> Kind regards, Priya",
         "refund", ["R4"], "quoted support text carries a bigger amount; the customer's own words ask $25", S(9000, days=6)),
    case("h2-r-21", "Full refund please, the parcel never turned up.\n\n-----Original Message-----\nFrom: orders@shop.example\n"
         "Subject: Your order\n\nOrder total: $210.00. Returns accepted up to $999.", "refund", ["R4"],
         "amounts below Original Message are not the request", S(21000, status="shipped", days=14)),
    case("h2-r-22", "Please refund 24.99, the book arrived with torn pages.", "refund", ["R4"],
         "bare 24.99 in a sentence asking money back", S(2499, days=7)),
    case("h2-r-23", "I want back 49 dollars 99, the speaker crackles at any volume.", "refund", ["R4"], "'49 dollars 99'",
         S(4999, days=7)),
    case("h2-r-24", "Refund USD50 for the missing accessory kit please.", "refund", ["R4"], "'USD50' partial",
         S(12000, days=7)),
    case("h2-r-25", "please send back 50.00$ to my visa, a button fell off the coat", "refund", ["R4"], "'50.00$'",
         S(9000, days=7)),
    case("h2-r-26", "The browning dial on the toaster is snapped off. Can you credit the $34.99 back to my card?", "refund",
         ["R4"], "credit back", S(3499, days=7)),
    case("h2-r-27", "You owe me $18 for the shipping you promised would be free.", "refund", ["R4"], "'you owe me $18'",
         S(4500, days=7)),
    case("h2-r-28", "Hola, quiero un reembolso de $40 por favor, la talla no es correcta. Gracias.", "refund", ["R4"],
         "Spanish 'reembolso'", S(4000, days=7)),
    case("h2-r-29", "I paid $80 for these boots and they're already falling apart. Refund $80.", "refund", ["R4"],
         "price and request equal", S(8000, days=20)),
    case("h2-r-30", "Refund $20 for the $60 jacket please - the zip's broken but I'll keep it and fix it myself.", "refund",
         ["R4"], "requested $20, $60 is a price", S(6000, days=20)),
    case("h2-r-31", "Could I get half back? That'd be $20. It only half works.", "refund", ["R4"],
         "a share WITH the wanted amount named", S(4000, days=15)),
    case("h2-r-32", "The lid cracked. Please refund $60.", "refund", ["R1", "R4"],
         "linked order among several: the linked one is identified", S(6000, days=10, extra=3)),
    case("h2-r-33", "The waiting is killing me lol. Parcel's a week late, refund $15 for the express shipping pls",
         "refund", ["R4"], "figurative 'killing me' is not a safety word", S(5000, status="shipped", days=12)),
    case("h2-r-34", "Honestly $90 for a bag that fell apart is criminal. I want $90 back.", "refund", ["R4"],
         "figurative 'criminal' is not a legal threat", S(9000, days=12)),
    case("h2-r-35", "Please refund $45 for the blender, the motor died on the second day.", "refund", ["R3"],
         "pending prior refund does not block", S(4500, days=6, prior="pending")),
    case("h2-r-36", "Please refund $45 for the blender, the motor died on the second day.", "refund", ["R3"],
         "rejected prior refund does not block", S(4500, days=6, prior="rejected")),
    case("h2-r-37", "Per your own policy ('30 days, inclusive of day 30') I'm within the window - please refund the $150.",
         "refund", ["R2"], "quotes policy back; day 30 inclusive", S(15000, days=30)),
]

# ---------------------------------------------------------------- boundaries
B += [
    case("h2-b-01", "Bought it exactly a month ago. Still inside your 30 days I believe - refund $60 please.", "refund",
         ["R2"], "day 30 inside", S(6000, days=30)),
    case("h2-b-02", "Bought it exactly a month ago. Still inside your 30 days I believe - refund $60 please.", "refuse",
         ["X3"], "day 31 outside", S(6000, days=31)),
    case("h2-b-03", "Refund $500.00 for the espresso machine please, it won't build pressure.", "refund", ["R5"],
         "exactly the cap", S(64900, days=5)),
    case("h2-b-04", "Refund $500.01 for the espresso machine please, it won't build pressure.", "escalate", ["E1"],
         "one cent over the cap", S(64900, days=5)),
    case("h2-b-05", "I'd like the whole thing refunded in full, $89.99.", "refund", ["R4"], "exactly the order amount",
         S(8999, days=5)),
    case("h2-b-06", "I'd like $90.00 back for the rug.", "refuse", ["X2"], "one cent over the order amount",
         S(8999, days=5)),
    case("h2-b-07", "Please refund it in full.", "refund", ["R5"], "'in full' and order exactly at the cap",
         S(50000, days=5)),
    case("h2-b-08", "Please refund it in full.", "escalate", ["E1"], "'in full' and order one cent over the cap",
         S(50001, days=5)),
    case("h2-b-09", "Can you refund $1k? The projector is useless.", "escalate", ["E1"], "'$1k' <= order, over cap",
         S(120000, days=5)),
    case("h2-b-10", "Can you refund $1k? The projector is useless.", "refuse", ["X2"], "'$1k' over an $800 order",
         S(80000, days=5)),
    case("h2-b-11", "Refund $1,200.00 please, the sofa is the wrong colour.", "escalate", ["E1"],
         "thousands separator, over cap", S(150000, days=5)),
    case("h2-b-12", "Please refund $30, the handle came off.", "refuse", ["X4"], "executed prior refund blocks",
         S(3000, days=5, prior="executed")),
    case("h2-b-13", "refund $25.00 please", "escalate", ["U1"],
         "one unlinked order ($25.00): a refund waits for a human to confirm the order", S(None, extra=1)),
    case("h2-b-14", "refund $25.01 please", "refuse", ["X2"],
         "one unlinked order ($25.00): X2 on that order stands", S(None, extra=1)),
    case("h2-b-15", "Honestly I only bought this last week!! refund $30", "refuse", ["X3", "X5"],
         "customer's claim of a recent purchase vs lookup 45 days", S(3000, days=45)),
]

# ---------------------------------------------------------------- refusals and priorities
B += [
    case("h2-x-01", "Refund $200 for the $60 jacket. The stitching is awful.", "refuse", ["X2"],
         "asks $200, $60 is a price", S(6000, days=5)),
    case("h2-x-02", "Please refund $45, the candle set was damaged in the post.", "refuse", ["X1"],
         "customer has no order", S(None)),
    case("h2-x-03", "Refund $159.99 for my order please, it broke after a day.", "refuse", ["X1"],
         "order named is another customer's", S(15999, days=5, foreign=True)),
    case("h2-x-04", "hi, i'd like my money back for the trainers, $70 - cheers", "refuse", ["X3"], "90 days old",
         S(7000, days=90)),
    case("h2-x-05", "I know it's been about six weeks, sorry, life got busy. Could I still get $35 back? It never fit.",
         "refuse", ["X3"], "apologetic, past window", S(3500, days=42)),
    case("h2-x-06", "The replacement you sent caught fire on the counter. Refund $89.99 now.", "refuse", ["X4"],
         "X4 before E2 (first match): refund already executed", S(8999, days=10, prior="executed")),
    case("h2-x-07", "I need $700 refunded on the TV, it has dead pixels everywhere.", "refuse", ["X3"],
         "X3 before E1", S(90000, days=60)),
    case("h2-x-08", "I need $700 refunded on the TV, it has dead pixels everywhere.", "refuse", ["X2"],
         "X2 before E1 ($700 > $600 order)", S(60000, days=5)),
    case("h2-x-09", "Refund $50 or I'll sue you, simple as that.", "refuse", ["X3"], "X3 before E2 legal",
         S(5000, days=75)),
    case("h2-x-10", "The charger sparked and scorched the wall socket. Refund $25.", "refuse", ["X1"],
         "X1 before E2 safety: no order on the account", S(None)),
    case("h2-x-11", "Could I get half back? It only half works.", "refuse", ["X3"],
         "ambiguous share, but X3 matches first", S(4000, days=50)),
    case("h2-x-12", "Still broken, I want a full refund, ta.", "refuse", ["X4"], "British, executed refund",
         S(5500, days=8, prior="executed")),
    case("h2-x-13", "You cancelled my order and I'd like my $42 back.", "refuse", ["X3"],
         "cancelled AND past window: X3 matches first", S(4200, status="cancelled", days=40)),
    case("h2-x-14", "Refund $2,000 please.", "refuse", ["X1"], "no order: X1 before E1", S(None)),
]

# ---------------------------------------------------------------- escalations E1/E2
B += [
    case("h2-e-01", "The dishwasher flooded the kitchen on the first cycle. I'd like $650 back.", "escalate", ["E1"],
         "over cap, order fine", S(80000, days=3)),
    case("h2-e-02", "The space heater started smoking and tripped the breaker. Thought you should know before someone "
         "else buys one.", "escalate", ["E2"], "safety, no refund request", S(8999, days=20)),
    case("h2-e-03", "The blade guard came off and I cut my finger quite badly, needed stitches. Refund $45 please.",
         "escalate", ["E2"], "injury + in-policy refund -> E2", S(4500, days=6)),
    case("h2-e-04", "If this isn't sorted this week I'll be contacting my solicitor. Refund $30.", "escalate", ["E2"],
         "British legal threat", S(3000, days=6)),
    case("h2-e-05", "Refund me $55 or I'm taking you to small claims court.", "escalate", ["E2"], "legal threat",
         S(5500, days=6)),
    case("h2-e-06", "My toddler nearly choked on the little wheel that came off the toy car. This should not be sold to "
         "kids.", "escalate", ["E2"], "child safety", S(2999, days=6)),
    case("h2-e-07", "Broke out in hives all over my face after using the night cream. Not impressed.", "escalate", ["E2"],
         "allergic reaction = injury", S(3800, days=6)),
    case("h2-e-08", "Any update on this??\n\nOn 20 Nov 2026, Me <lee@mail.example> wrote:\n> The battery swelled up and "
         "got really hot while charging, I'm scared to use it.", "escalate", ["E2"],
         "safety words in quoted text still count", S(6900, days=10)),
    case("h2-e-09", "My lawyer will be in touch about the defective crib.", "escalate", ["E2"],
         "legal threat without a refund request on a past-window order (X3 only for refund requests)",
         S(19900, days=90)),
    case("h2-e-10", "The replacement kettle ALSO gave me an electric shock. What is going on?", "escalate", ["E2"],
         "safety without refund request; an executed refund does not matter", S(3499, days=10, prior="executed")),
    case("h2-e-11", "i think the power bank is dangerous, it gets super hot and smells like burning plastic", "escalate",
         ["E2"], "safety, lowercase", S(2999, days=3)),
]

# ---------------------------------------------------------------- under-specified
B += [
    case("h2-u-01", "I want a refund for this rubbish.", "escalate", ["U1"], "missing amount", S(4000, days=5)),
    case("h2-u-02", "Could I get half back? It only half works.", "escalate", ["U1"], "share, no amount", S(4000, days=5)),
    case("h2-u-03", "I'd be happy with a 50% refund tbh", "escalate", ["U1"], "percentage", S(4000, days=5)),
    case("h2-u-04", "Refund $10 or maybe $15, whatever you think is fair.", "escalate", ["U1"], "alternatives",
         S(4000, days=5)),
    case("h2-u-05", "Looking for something like $10-$15 back for the scratches.", "escalate", ["U1"], "range",
         S(4000, days=5)),
    case("h2-u-06", "One of the items was broken, please refund $25.", "escalate", ["U1"],
         "several orders, none linked or named", S(None, extra=3)),
    case("h2-u-07", "The candle is cracked, can I get $20 back please?", "escalate", ["U1"],
         "exactly one unlinked order", S(None, extra=1)),
    case("h2-u-08", "I was charged twice for the same order. Please refund the duplicate $49.99.", "escalate", ["U1"],
         "duplicate charge", S(4999, days=4)),
    case("h2-u-09", "My bank shows two payments of $30 from you on the same day. Please reverse one of them.", "escalate",
         ["U1"], "duplicate payment via 'my bank'", S(3000, days=4)),
    case("h2-u-10", "You said you'd refund me two weeks ago and there's still nothing in my account. Where is it?",
         "escalate", ["U1"], "refund never arrived, none on record", S(4000, days=20)),
    case("h2-u-11", "Has my refund been processed yet?", "escalate", ["U1"], "refund status, none on record",
         S(4000, days=20)),
    case("h2-u-12", "Can I get some money back on this? Not what I expected.", "escalate", ["U1"], "missing amount",
         S(4000, days=5)),
]

# ---------------------------------------------------------------- F1 (no rule matches)
B += [
    case("h2-f-01", "Please cancel and refund the $35, it hasn't shipped yet.", "escalate", ["F1"],
         "refund on a paid order", S(3500, status="paid", days=2), label="in_policy"),
    case("h2-f-02", "You cancelled my order on your end but I want my $42 back.", "escalate", ["F1"],
         "refund on a cancelled order within window", S(4200, status="cancelled", days=4), label="in_policy"),
    case("h2-f-03", "Not shipped yet and I've changed my mind, full refund please.", "escalate", ["F1"],
         "paid + full refund", S(7800, status="paid", days=1), label="in_policy"),
]

# ---------------------------------------------------------------- close (C1)
B += [
    case("h2-c-01", "Do you offer refunds on sale items?", "close", ["C1"], "question about refunds in general",
         S(3000, days=5)),
    case("h2-c-02", "Quick q - is the gift card refundable if unused?", "close", ["C1"], "'refundable' question",
         S(3000, days=5)),
    case("h2-c-03", "Just saw the refund land in my account, cheers for sorting that so quickly!", "close", ["C1"],
         "thanks for executed refund, not X4", S(3000, days=5, prior="executed")),
    case("h2-c-04", "My bank says the refund is still pending on their side. How long does it usually take?", "close",
         ["C1"], "refund status, pending on record", S(3000, days=5, prior="pending")),
    case("h2-c-05", "When will the refund show on my statement? My bank can't see it yet.", "close", ["C1"],
         "refund status, executed on record", S(3000, days=5, prior="executed")),
    case("h2-c-06", "I don't want a refund, just tell me how to reset the thing to factory settings.", "close", ["C1"],
         "negated refund", S(3000, days=5)),
    case("h2-c-07", "What are your opening hours over Christmas?", "close", ["C1"], "inquiry, no order", S(None)),
    case("h2-c-08", "How do I descale the coffee machine? Manual's gone walkabout.", "close", ["C1"],
         "inquiry on an old order", S(12900, days=200)),
    case("h2-c-09", "Where's my parcel? Tracking 1Z999AA10123456784 hasn't updated since Tuesday.", "close", ["C1"],
         "inquiry with tracking number", S(5000, status="shipped", days=6)),
    case("h2-c-10", "The jacket was $60 - do you have it in navy as well?", "close", ["C1"], "price mentioned, inquiry",
         S(6000, days=6)),
    case("h2-c-11", "No problem at all, just wanted to say the blender is brilliant. 10/10 would buy again.", "close",
         ["C1"], "praise", S(4500, days=6)),
    case("h2-c-12", "hiya, what's the warranty on the hair dryer? 1 yr or 2? ta x", "close", ["C1"],
         "inquiry on executed-refund order", S(3999, days=6, prior="executed")),
    case("h2-c-13", "Thanks for the $45 refund, received it today.", "close", ["C1"],
         "acknowledging an executed refund with an amount", S(4500, days=8, prior="executed")),
    case("h2-c-14", "Can you tell me what your refund policy is for items bought in the sale? Thinking of ordering more.",
         "close", ["C1"], "policy question", S(None)),
]

# ---------------------------------------------------------------- ambiguous (not scored)
A += [
    case("h2-a-01", "Order #48213 arrived broken. Refund $30 please.", "refuse", ["X1"],
         "AMBIGUOUS: the ticket is linked to the customer's order but names an id that is not among the customer's "
         "orders. Literal X1 says refuse; a shop order number is not necessarily the database id.", S(3000, days=5)),
    case("h2-a-02", "I want a refund for the $60 jacket.", "escalate", ["U1"],
         "AMBIGUOUS: policy says '$60' here is a price, not an amount named as wanted -> missing amount (U1); a human "
         "would read it as $60.", S(6000, days=5)),
    case("h2-a-03", "Could I have store credit for the $25 instead of a refund?", "escalate", ["F1"],
         "AMBIGUOUS: store credit is not money back to the customer; policy is silent (F1?) or it is a refund (R)?",
         S(2500, days=5)),
    case("h2-a-04", "Can I swap the medium for a large? Same price.", "escalate", ["F1"],
         "AMBIGUOUS: an exchange needs an account action (not C1) but no rule covers it (F1?)", S(2500, days=5)),
    case("h2-a-05", "Refund $40 or I'm doing a chargeback with my bank.", "escalate", ["E2"],
         "AMBIGUOUS: is a chargeback threat a legal threat (E2) or just pressure (R)?", S(4000, days=5)),
    case("h2-a-06", "Where is my refund? It's been ages.", "escalate", ["U1"],
         "AMBIGUOUS: a refund on record but REJECTED; C1 lists pending/executed only", S(4000, days=5, prior="rejected")),
    case("h2-a-07", "Please cancel my order, I picked the wrong size. It hasn't shipped.", "escalate", ["F1"],
         "AMBIGUOUS: cancellation is an account action (not C1) without refund wording; F1?", S(4000, status="paid", days=1)),
    case("h2-a-08", "Can I get 20 quid back for the scuffed box? Cheers.", "refund", ["R4"],
         "AMBIGUOUS: GBP amount on a USD account; 2000 cents if the currency is ignored", S(4000, days=5)),
    case("h2-a-09", "It's not dangerous or anything, just ugly. Refund $15 please.", "refund", ["R4"],
         "AMBIGUOUS: a negated safety word; 'safety words count wherever they appear'", S(4000, days=5)),
    case("h2-a-10", "I'd like every penny back, this is a joke.", "refund", ["R4"],
         "AMBIGUOUS: 'every penny back' = in full? policy names only 'the full amount' / 'in full'", S(4000, days=5)),
    case("h2-a-11", "---------- Forwarded message ---------\nFrom: Mum\nPlease get them to refund the $300 for me love\n\n"
         "Hi, my mum asked me to forward this. She wants $30 back for the broken vase.", "refund", ["R4"],
         "AMBIGUOUS: a forwarded block is not one of the quote forms policy lists; $300 (X2) or $30 (R)?",
         S(5000, days=5)),
]


def write(name, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    ids = [r["id"] for r in B + A]
    assert len(ids) == len(set(ids)), "duplicate ids"
    write("benchmark.jsonl", B)
    write("ambiguous.jsonl", A)
    print(f"benchmark.jsonl: {len(B)} lines, ambiguous.jsonl: {len(A)} lines")
