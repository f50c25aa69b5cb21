#!/usr/bin/env python3
"""Writes the held-out benchmark (benchmark.jsonl) and the set of policy-ambiguous tickets (ambiguous.jsonl).

Every ticket is hand-written by an examiner who read only policy.md and the issue text, never the classifier. The
expected action of each line follows policy.md alone ("first match wins": X1-X4 refuse, E1-E2 escalate, U1 escalate,
R1-R5 refund, C1 close, else F1 escalate). Lines where policy.md does not settle the answer go to ambiguous.jsonl and
are reported separately, not scored as misses. Python only serialises the hand-written text (JSON escaping).
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = []
AMBIGUOUS = []


def case(cid, body, label, action, refs, note, order=None, prior=None, foreign=False, extra=0, into=None):
    setup = {
        "order": None if order is None else {"amount_cents": order[0], "status": order[1], "placed_days_ago": order[2]},
        "prior_refund": prior is not None,
        "foreign_order": foreign,
        "extra_orders": extra,
    }
    if prior is not None:
        setup["prior_refund_status"] = prior
    (CASES if into is None else into).append(
        {"id": cid, "body": body, "label": label, "expected_action": action, "policy_refs": refs, "note": note,
         "setup": setup})


D = "delivered"
S = "shipped"

# ---------------------------------------------------------------- R1-R5: plain refunds, many ways of writing them
case("ho-r-01", "Hi there,\n\nThe kettle I ordered arrived with a cracked base and it leaks water onto the counter. "
     "Could you refund me $34.50? Thank you!\n\nMaria", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "plain polite refund, amount = order amount", order=(3450, D, 6))
case("ho-r-02", "hello i want my money back for the headphones, 59.99 USD, they stoped working after 2 days",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "lowercase, typo, amount written '59.99 USD'",
     order=(5999, D, 4))
case("ho-r-03", "The desk lamp flickers non stop. I'd like a refund of 49 dollars 99 please.", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "amount written '49 dollars 99'", order=(4999, D, 12))
case("ho-r-04", "Jacket doesn't fit at all (ordered M, feels like XS). I would like a refund of the full amount.",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "'the full amount' = order amount; shipped counts (R1)",
     order=(8900, S, 3))
case("ho-r-05", "Box was crushed in transit and the glass vase inside is in pieces. Refund in full please.",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "'in full' = order amount", order=(12999, D, 20))
case("ho-r-06", "My order came to $120 but really only the lid of the pot is bent, everything else is fine. "
     "I'd be happy with $30 back for the lid so I don't have to send the whole thing back.", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "partial refund; two amounts, the requested one is $30 (the $120 is the total)",
     order=(12000, D, 9))
case("ho-r-07", "Good day. I am writing for ask the refund of my purchase, the toaster is not heating on the left "
     "side. The price was 27.80 USD. I thank you in advance for your kind help.\n\nBest regards,\nIoana",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "non-native English, formal", order=(2780, D, 8))
case("ho-r-08", "> On Tue, Support <help@shop.example> wrote:\n> Thanks for reaching out! Could you confirm the amount "
     "you'd like refunded?\n\nSure - it's $64.00, the whole order. Please go ahead and refund it.", "in_policy",
     "refund", ["R1", "R2", "R3", "R4", "R5"], "answer below a quoted support email", order=(6400, D, 15))
case("ho-r-09", "Please refund $22.10 for the charger, it doesn't charge anything.\n\n--\nTom Becker\n"
     "Tel: +49 170 5558812\nSent from my iPhone", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "signature with a phone number (digits that are not an amount)", order=(2210, D, 2))
case("ho-r-10", "So I got the rice cooker last week, used it exactly twice and now the display shows E4 and nothing "
     "happens. I tried unplugging it overnight, I tried the reset in the manual, nothing. Honestly I just want my "
     "$75 back at this point, I'll buy a different brand.", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "long story, relative date, amount without cents", order=(7500, D, 9))
case("ho-r-11", "THIS IS RIDICULOUS. Third time writing about the same thing. The vacuum is junk, the suction died "
     "after a week. REFUND MY $149.00 NOW.", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "angry caps; shouting does not change the decision", order=(14900, D, 11))
case("ho-r-12", "My other order from you last month was perfect, but this one (the blue mug set) came with two "
     "chipped mugs. Can you refund $18.75?", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "mentions other orders; the ticket is linked to this order", order=(1875, D, 5), extra=2)
case("ho-r-13", "Quick question, do you ship to Canada? Also the bluetooth speaker I got is completely dead, can I "
     "have my $89.99 back?", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "question mixed with a refund request: not a pure inquiry", order=(8999, D, 7))
case("ho-r-14", "The package was missing the screws for the shelf. I bought screws at the hardware store myself, "
     "could you just refund me $5 for the trouble?", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "small partial refund", order=(4000, D, 3))
case("ho-r-15", "Hey, blender lid cracked on first use. Refund 40 bucks pls", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "slang amount '40 bucks' on a $40.00 order", order=(4000, D, 4))
case("ho-r-16", "I returned the sneakers through the post office yesterday, please refund USD 65.00 to my card.",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "amount written 'USD 65.00'", order=(6500, D, 14))
case("ho-r-17", "Dear team,\nthe curtains I ordered are a completely different colour from the photo (grey instead "
     "of sage green). I would like to get back 38.40$.\nKind regards", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "amount with trailing dollar sign '38.40$'", order=(3840, D, 10))
case("ho-r-18", "Order arrived today but it's the wrong model, I ordered the 2-slot not the 4-slot. Since you don't "
     "have the 2-slot anymore please give me a refund of $ 54.90", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "'$ 54.90' with a space; 'arrived today'", order=(5490, D, 1))
case("ho-r-19", "I would like to request a refund of 49 dollars and 99 cents because the phone case cracked.",
     "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "'49 dollars and 99 cents'", order=(4999, D, 18))
case("ho-r-20", "Tracking says it's still on the way but honestly I found it cheaper locally. Anyway I "
     "don't want it anymore, refund the full amount please.", "in_policy", "refund",
     ["R1", "R2", "R3", "R4", "R5"], "shipped (not yet delivered) is refundable under R1", order=(2999, S, 2))
case("ho-r-21", "Refund $310.00 please - the monitor has a dead vertical line across the middle.", "in_policy",
     "refund", ["R1", "R2", "R3", "R4", "R5"], "large but under the cap", order=(31000, D, 13))
case("ho-r-22", "hi, the yoga mat smells really strong of chemicals even after airing it out for a week. i'd like "
     "my 24.99 back. thanks", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "bare number with a decimal, no currency sign", order=(2499, D, 12))
case("ho-r-23", "Hello,\n\nI ordered 3 candles (3 x $12) and one arrived broken. Please refund $12 for the broken "
     "one.\n\nThanks,\nJo", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "a quantity and a unit price next to the requested amount", order=(3600, D, 6))

# ---------------------------------------------------------------- R boundaries
case("ho-b-01", "Please refund $42.00, the thermos doesn't keep anything warm.", "in_policy", "refund", ["R2"],
     "boundary: placed exactly 30 days ago, inclusive", order=(4200, D, 30))
case("ho-b-02", "Please refund $42.00, the thermos doesn't keep anything warm.", "out_of_policy", "refuse", ["X3"],
     "boundary: placed 31 days ago", order=(4200, D, 31))
case("ho-b-03", "I know I bought this about a month ago, but the zipper on the backpack already broke. Refund the "
     "full amount?", "in_policy", "refund", ["R2"], "boundary: day 30 with 'about a month ago' wording",
     order=(5600, D, 30))
case("ho-b-04", "The drill stopped working, I got it on the same day I ordered. Refund $500.00 please.", "in_policy",
     "refund", ["R5"], "boundary: exactly the cap, order larger", order=(65000, D, 5))
case("ho-b-05", "The drill stopped working, I got it on the same day I ordered. Refund $500.01 please.", "in_policy",
     "escalate", ["E1"], "boundary: one cent over the cap", order=(65000, D, 5))
case("ho-b-06", "Our new espresso machine leaks from the bottom. We'd like the whole amount refunded: $500.00.",
     "in_policy", "refund", ["R4", "R5"], "boundary: order amount = cap = requested", order=(50000, D, 9))
case("ho-b-07", "Please refund $89.99, the keyboard has three dead keys.", "in_policy", "refund", ["R4"],
     "boundary: exactly the order amount", order=(8999, D, 6))
case("ho-b-08", "Please refund $90.00, the keyboard has three dead keys.", "out_of_policy", "refuse", ["X2"],
     "boundary: one cent over the order amount ($89.99)", order=(8999, D, 6))
case("ho-b-09", "You already have a refund request from me for this order but it's been sitting there forever. "
     "Please just refund the $45.00 for the sandals.", "in_policy", "refund", ["R3"],
     "boundary: prior refund pending does not block", order=(4500, D, 10), prior="pending")
case("ho-b-10", "Last time my refund got rejected because I hadn't sent photos. I've attached them now: the sandal "
     "strap is torn. Refund $45.00 please.", "in_policy", "refund", ["R3"],
     "boundary: prior refund rejected does not block", order=(4500, D, 10), prior="rejected")
case("ho-b-11", "Refund $45.00 for the sandals please, strap is torn.", "out_of_policy", "refuse", ["X4"],
     "boundary: prior refund executed blocks", order=(4500, D, 10), prior="executed")
case("ho-b-12", "Everything at once: it was shipped, it's broken, refund me the full $500.00 please.", "in_policy",
     "refund", ["R1", "R2", "R3", "R4", "R5"],
     "all boundaries at once: shipped, day 30, pending prior, amount = order = cap", order=(50000, S, 30),
     prior="pending")
case("ho-b-13", "Item arrived the day I ordered it and it's already broken, refund $19.99", "in_policy", "refund",
     ["R2"], "boundary: placed today (day 0)", order=(1999, D, 0))
case("ho-b-14", "Refund $0.01 - yes, one cent, the listing said 19.98 but you charged 19.99. Principle of the thing.",
     "in_policy", "refund", ["R4", "R5"], "smallest positive amount; other amounts appear as context",
     order=(1999, D, 4))

# ---------------------------------------------------------------- X1 no verifiable order / not this customer's
case("ho-x1-01", "Please refund $30.00 for my order, the item never worked.", "out_of_policy", "refuse", ["X1"],
     "the customer has no order at all", order=None)
case("ho-x1-02", "Hi, the drone I ordered crashed on its first flight, motor just cut out. I want a refund of "
     "$159.99.", "out_of_policy", "refuse", ["X1"], "the order named is another customer's",
     order=(15999, D, 5), foreign=True)
case("ho-x1-03", "My husband placed this order on his account but I'm the one who uses it. The rug is shedding like "
     "crazy, please refund the full amount.", "out_of_policy", "refuse", ["X1"],
     "the order named belongs to another customer, whatever the story", order=(21000, D, 7), foreign=True)
case("ho-x1-04", "i want refund. product bad.", "out_of_policy", "refuse", ["X1"],
     "no order and no amount: X1 comes before U1", order=None)
case("ho-x1-05", "Refund $25.00 please - the order I mean is the cheap phone stand.", "out_of_policy", "refuse",
     ["X1"], "foreign order, amount under its value", order=(2500, D, 3), foreign=True)

# ---------------------------------------------------------------- X2 amount above the order amount
case("ho-x2-01", "The coffee grinder is loud and I'm unhappy. I want $100 back for the inconvenience.",
     "out_of_policy", "refuse", ["X2"], "asks more than the $60.00 order", order=(6000, D, 5))
case("ho-x2-02", "Refund me $650.00. The bike rack scratched my car.", "out_of_policy", "refuse", ["X2"],
     "over the order amount ($400) and over the cap: X2 comes first; 'scratched my car' is damage, not injury",
     order=(40000, D, 5))
case("ho-x2-03", "I paid for express shipping and it came late. Refund 35 USD please.", "out_of_policy", "refuse",
     ["X2"], "asks $35 on a $34.99 order", order=(3499, D, 3))

# ---------------------------------------------------------------- X3 past the window
case("ho-x3-01", "I only received it a few days ago because of the delays, so I'm well within your window. Please "
     "refund $58.00, the fan rattles.", "out_of_policy", "refuse", ["X3"],
     "body claims a recent date; the lookup says placed 45 days ago", order=(5800, D, 45))
case("ho-x3-02", "Bought this in the spring and the handle just snapped. Refund the full amount please.",
     "out_of_policy", "refuse", ["X3"], "120 days old", order=(3300, D, 120))
case("ho-x3-03", "Refund $700.00 please, the sofa fabric is pilling everywhere.", "out_of_policy", "refuse", ["X3"],
     "past the window and over the cap: X3 comes before E1", order=(90000, D, 40))
case("ho-x3-04", "There is a refund request of mine pending already, but just in case: refund $45.00 for the "
     "sandals.", "out_of_policy", "refuse", ["X3"], "pending prior does not help when past the window",
     order=(4500, D, 31), prior="pending")
case("ho-x3-05", "I'd like a refund for the tablet case please, it's falling apart.", "out_of_policy", "refuse",
     ["X3"], "no amount but past the window: X3 comes before U1", order=(2900, D, 60))

# ---------------------------------------------------------------- X4 executed refund
case("ho-x4-01", "I haven't had any refund from you for this, please refund $45.00 for the broken lamp.",
     "out_of_policy", "refuse", ["X4"], "body denies a refund the lookup shows as executed",
     order=(4500, D, 8), prior="executed")
case("ho-x4-02", "Could you refund the order in full? The toy is missing parts.", "out_of_policy", "refuse", ["X4"],
     "executed prior refund", order=(2299, D, 4), prior="executed")
case("ho-x4-03", "Refund $520.00 please, TV screen cracked on delivery.", "out_of_policy", "refuse", ["X4"],
     "executed prior and over the cap: X4 comes before E1", order=(80000, D, 4), prior="executed")
case("ho-x4-04", "Please can I get a refund, the headphones broke.", "out_of_policy", "refuse", ["X4"],
     "executed prior and no amount: X4 before U1", order=(7000, D, 9), prior="executed")

# ---------------------------------------------------------------- E1 over the cap
case("ho-e1-01", "The laptop won't boot - black screen. Please refund the full amount.", "in_policy", "escalate",
     ["E1"], "'the full amount' = $799.00, over the cap", order=(79900, D, 6))
case("ho-e1-02", "Refund $1,250.00 please. The e-bike battery doesn't hold charge past 5km.", "in_policy",
     "escalate", ["E1"], "thousands separator", order=(125000, D, 10))
case("ho-e1-03", "Hi, the mattress we received is not the firmness we ordered. We would like 650 USD back.",
     "in_policy", "escalate", ["E1"], "'650 USD' over the cap", order=(65000, D, 12))
case("ho-e1-04", "Refund $600 on the camera, one lens is scratched.", "in_policy", "escalate", ["E1"],
     "partial refund that is still over the cap", order=(110000, S, 2))

# ---------------------------------------------------------------- E2 safety / legal / injury
case("ho-e2-01", "The space heater started smoking after 20 minutes and melted the outlet cover. I want my $80 "
     "back.", "in_policy", "escalate", ["E2"], "safety hazard with an otherwise refundable request: E2 before R",
     order=(8000, D, 5))
case("ho-e2-02", "My son cut his hand quite badly on the blender - the blade guard came loose while he was cleaning "
     "it. He needed stitches.", "in_policy", "escalate", ["E2"], "injury, no refund request", order=(6900, D, 14))
case("ho-e2-03", "This is my last message before I involve my lawyer. Refund $120 for the broken chair or we'll see "
     "each other in court.", "in_policy", "escalate", ["E2"], "legal threat on a refundable request",
     order=(12000, D, 6))
case("ho-e2-04", "I'm filing a complaint with the consumer protection office and considering small claims court. "
     "The washing machine you sold me flooded my kitchen.", "in_policy", "escalate", ["E2"],
     "legal threat without a refund request", order=(45000, D, 20))
case("ho-e2-05", "The phone charger overheated and burned my daughter's fingers when she unplugged it. Please refund "
     "it, $19.99.", "in_policy", "escalate", ["E2"], "injury (burn) with a refund request", order=(1999, D, 3))
case("ho-e2-06", "Used the face cream for two days and got an allergic reaction, my face is swollen and I had to see "
     "a doctor.", "in_policy", "escalate", ["E2"], "injury / health", order=(3200, D, 9))
case("ho-e2-07", "The stroller wheel snapped off while I was walking and my baby nearly fell out onto the road. This "
     "is dangerous, other parents need to know.", "in_policy", "escalate", ["E2"],
     "safety with no identifiable order (3 orders, none linked): E2 before U1", order=None, extra=3)
case("ho-e2-08", "I know you already refunded the lamp, thanks. But you should know it actually sparked and caught "
     "fire on my desk before I sent it back. Someone else could get hurt.", "in_policy", "escalate", ["E2"],
     "safety report on an already-refunded order, no new refund request", order=(4500, D, 15), prior="executed")
case("ho-e2-09", "Is this heater supposed to get this hot? The plastic casing smells like burning and the cable is "
     "hot to the touch.", "in_policy", "escalate", ["E2"],
     "phrased as a question but describes a hazard: not a pure inquiry (C1 excludes safety words)",
     order=(8000, D, 4))
case("ho-e2-10", "Bought the step ladder 3 months ago, yesterday it collapsed under me and I broke my wrist.",
     "in_policy", "escalate", ["E2"], "injury, out of window, no refund request: X only applies to refund requests",
     order=(8900, D, 90))
case("ho-e2-11", "The battery pack swelled up and cracked, it's a fire hazard honestly. Refund $700 please.",
     "in_policy", "escalate", ["E1", "E2"], "over the cap and a hazard: escalate either way", order=(95000, D, 6))
case("ho-e2-12", "The kids' bike brakes failed and my son crashed into a fence, he's got bruises everywhere. I need "
     "a refund.", "in_policy", "escalate", ["E2"], "injury with a refund request but no amount: E2 before U1",
     order=(18000, D, 10))

# ---------------------------------------------------------------- U1 under-specified
case("ho-u1-01", "I'd like a refund of $25.00 for the order that arrived damaged.", "under_specified", "escalate",
     ["U1"], "several orders, none linked or named", order=None, extra=3)
case("ho-u1-02", "I want a refund. The quality is terrible.", "under_specified", "escalate", ["U1"],
     "linked order, no amount", order=(5500, D, 6))
case("ho-u1-03", "Can I get some money back on this? Not happy with it at all.", "under_specified", "escalate",
     ["U1"], "missing amount", order=(5500, D, 6))
case("ho-u1-04", "The tent has a small tear, I'd like a partial refund please.", "under_specified", "escalate",
     ["U1"], "'partial refund' with no amount", order=(12000, D, 8))
case("ho-u1-05", "Refund either $20 or $35, whatever you think is fair for the scratches.", "under_specified",
     "escalate", ["U1"], "ambiguous amount (two candidates)", order=(9000, D, 8))
case("ho-u1-06", "Hello, one of the things I ordered from you is broken, please refund the full amount.",
     "under_specified", "escalate", ["U1"], "several orders none linked; 'the full amount' of which?",
     order=None, extra=2)
case("ho-u1-07", "Please give me a refund for the damaged item, I'll leave it to you how much.", "under_specified",
     "escalate", ["U1"], "missing amount, deferred to the agent", order=(4300, D, 5))

# ---------------------------------------------------------------- C1 pure inquiries
case("ho-c1-01", "Where's my package? Tracking hasn't moved in three days.", "in_policy", "close", ["C1"],
     "pure inquiry on a shipped order", order=(4500, S, 3))
case("ho-c1-02", "What is your return policy for items that have been opened?", "in_policy", "close", ["C1"],
     "policy question", order=(4500, D, 3))
case("ho-c1-03", "Do you have this jacket in size L as well? Would love a second one in a different colour.",
     "in_policy", "close", ["C1"], "product question", order=(8900, D, 20))
case("ho-c1-04", "Just wanted to say the replacement arrived and works great. Thanks for the quick help!",
     "in_policy", "close", ["C1"], "thank-you note", order=(4500, D, 10))
case("ho-c1-05", "How do I descale the coffee machine? The manual only has pictures.", "in_policy", "close", ["C1"],
     "inquiry on an order past the window: X3 only applies to refund requests", order=(15000, D, 55))
case("ho-c1-06", "What are your customer service hours on weekends?", "in_policy", "close", ["C1"],
     "inquiry from a customer with no order", order=None)
case("ho-c1-07", "The app keeps disconnecting from the speaker every few minutes - any tips? I already tried "
     "re-pairing.", "in_policy", "close", ["C1"], "technical question, no refund", order=(8999, D, 6))
case("ho-c1-08", "I already approved the firmware update in the app, but the thermostat still shows version 1.2. "
     "Is that expected?", "in_policy", "close", ["C1"], "'approved' in ordinary use", order=(12900, D, 12))
case("ho-c1-09", "Has my refund gone through yet? Your colleague said 5-7 business days and it's been 4.",
     "in_policy", "close", ["C1"], "status question about a pending refund, not a new refund request",
     order=(4500, D, 10), prior="pending")
case("ho-c1-10", "Why was I charged $12.99 for shipping on this one? Last time it was free. Just trying to "
     "understand how it works.", "in_policy", "close", ["C1"], "mentions an amount but asks no refund",
     order=(5999, D, 5))
case("ho-c1-11", "Hi, can you tell me if the blender jar is BPA-free? Thanks, Ahmed", "in_policy", "close", ["C1"],
     "short product question with a signature", order=(6900, D, 2))
case("ho-c1-12", "I see the refund for the broken lamp landed on my card this morning. All good, you can close "
     "this.", "in_policy", "close", ["C1"], "acknowledges an executed refund, asks nothing", order=(4500, D, 12),
     prior="executed")
case("ho-c1-13", "Do you sell gift cards? My sister loved the candle I bought and I want to get her something.",
     "in_policy", "close", ["C1"], "inquiry, several orders none linked", order=None, extra=2)

# ---------------------------------------------------------------- F1 no rule matches (refund on paid/cancelled)
case("ho-f1-01", "I changed my mind about the rug, please refund $30.00.", "in_policy", "escalate", ["F1"],
     "refund on an order that is only paid: no X rule, R1 fails -> F1 (label: policy gives F1 no label)",
     order=(3000, "paid", 2))
case("ho-f1-02", "I cancelled this order yesterday, please refund the full amount to my card.", "in_policy",
     "escalate", ["F1"], "refund on a cancelled order -> F1", order=(7800, "cancelled", 3))
case("ho-f1-03", "It's been ages and the order still says paid, never shipped. Refund $30.00.", "out_of_policy",
     "refuse", ["X3"], "paid order past the window: X3 comes before F1", order=(3000, "paid", 40))
case("ho-f1-04", "Cancel and refund $50, please.", "out_of_policy", "refuse", ["X2"],
     "paid order, asks more than the $30 order: X2 before F1", order=(3000, "paid", 2))

# ---------------------------------------------------------------- priority conflicts
case("ho-p-01", "The hair dryer sparked and singed my hair, I could have been burned. Refund $45.00 please.",
     "out_of_policy", "refuse", ["X3"],
     "priority: safety (E2) on a refund request past the window; X3 is rule 1 and the first match wins",
     order=(4500, D, 35))
case("ho-p-02", "The charger exploded and burned my hand. Refund $159.99.", "out_of_policy", "refuse", ["X1"],
     "priority: injury on a foreign order with a refund request: X1 first", order=(15999, D, 5), foreign=True)
case("ho-p-03", "My lawyer will hear about this. Refund $200 for the $60 jacket for my trouble.", "out_of_policy",
     "refuse", ["X2"], "priority: legal threat but asks more than the order amount: X2 first", order=(6000, D, 5))
case("ho-p-04", "The iron leaked boiling water on my foot - second degree burn. Refund the full amount.",
     "out_of_policy", "refuse", ["X4"], "priority: injury + refund request on an already refunded order: X4 first",
     order=(5500, D, 5), prior="executed")
case("ho-p-05", "Refund the full amount please, the fridge arrived dented.", "in_policy", "escalate", ["E1"],
     "priority: full amount of a $1,100 order, pending prior: E1 (pending doesn't block)", order=(110000, D, 30),
     prior="pending")


# ---------------------------------------------------------------- second batch: more registers and quoted mail
case("ho-r-24", "> From: Support\n> We're sorry about the scratched frame. We can offer you store credit for the "
     "full value.\n\nThanks, but no store credit please. I'd prefer a refund of $29.99 to my original payment "
     "method.\n\nRegards,\nNadia", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "declines store credit offered in a quoted email, asks a refund", order=(2999, D, 11))
case("ho-r-25", "Hello, I buy the shoes and they are too small for me, I want the devolution of my money, 42 "
     "dollars. Thank you very much.", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"],
     "non-native wording ('devolution of my money'), '42 dollars'", order=(4200, D, 7))
case("ho-r-26", "plz refund $12.49 thx", "in_policy", "refund", ["R1", "R2", "R3", "R4", "R5"], "very short",
     order=(1249, D, 1))
case("ho-x3-06", "I got it last week (your courier took forever) and it's already broken. Refund $20.00 please.",
     "out_of_policy", "refuse", ["X3"], "late delivery does not move the window: placed 33 days ago",
     order=(2000, D, 33))
case("ho-x1-06", "I received this as a gift and it doesn't work. Can you refund $15.00 to me?", "out_of_policy",
     "refuse", ["X1"], "gift receiver: the customer has no order", order=None)
case("ho-u1-08", "Two of the glasses in the set arrived broken. Please refund the broken ones.", "under_specified",
     "escalate", ["U1"], "refund request, amount not given (per-item price unknown)", order=(4800, D, 3))
case("ho-e2-13", "I have already contacted my attorney about this. Refund the $75.00 for the faulty car seat.",
     "in_policy", "escalate", ["E2"], "legal threat ('attorney') on a refundable request", order=(7500, D, 4))
case("ho-e1-05", "Refund $999.99 please, the projector is dead on arrival.", "in_policy", "escalate", ["E1"],
     "full amount of a $999.99 order, over the cap", order=(99999, D, 2))
case("ho-c1-14", "> Your refund of $45.00 has been issued and should appear in 3-5 days.\n\nThanks! One more "
     "question: does the warranty also cover the replacement I bought?", "in_policy", "close", ["C1"],
     "refund and amount only inside the quoted support email; the customer asks a warranty question",
     order=(4500, D, 12), prior="executed")

# ---------------------------------------------------------------- ambiguous (not scored in the main set)
case("amb-01", "Is the blender jar dishwasher safe?", "in_policy", "close", ["C1"],
     "AMBIGUOUS: a pure product question, but C1 says 'no safety ... words' and 'safe' is literally one",
     order=(6900, D, 2), into=AMBIGUOUS)
case("amb-02", "The speaker crackles, I think half of it is fair - refund half of it please.", "in_policy", "refund",
     ["R4"], "AMBIGUOUS: policy defines 'the full amount' only; 'half of it' is computable ($40.00) but may count "
     "as an ambiguous amount (U1)", order=(8000, D, 5), into=AMBIGUOUS)
case("amb-03", "Refund $20.00 for order #88231 please, the mug handle fell off.", "in_policy", "refund", ["R1"],
     "AMBIGUOUS: a customer-side order number that is not a desk order id; literal X1 ('the order id named in the "
     "ticket is not among the customer's orders') vs the linked order", order=(2000, D, 5), into=AMBIGUOUS)
case("amb-04", "I want all my money back, the chair wobbles.", "in_policy", "refund", ["R4"],
     "AMBIGUOUS: 'all my money back' reads as 'in full' but policy names only 'the full amount' / 'in full'",
     order=(7000, D, 5), into=AMBIGUOUS)
case("amb-05", "I kindly request the refund of 19,99 $ because the product is defective.", "in_policy", "refund",
     ["R4"], "AMBIGUOUS: European decimal comma '19,99'", order=(1999, D, 5), into=AMBIGUOUS)
case("amb-06", "Please refund the full amount, I don't need it anymore.", "in_policy", "refund", ["R1"],
     "AMBIGUOUS: the customer has exactly one order, not linked, not named (U1 says 'several orders')",
     order=None, extra=1, into=AMBIGUOUS)
case("amb-07", "Refund $700 please, I cancelled it.", "in_policy", "escalate", ["E1", "F1"],
     "AMBIGUOUS: over the cap on a cancelled order: E1 says 'the order otherwise fine' -> F1; escalate either way",
     order=(90000, "cancelled", 3), into=AMBIGUOUS)
case("amb-08", "I'd like two hundred dollars back on the armchair, one leg is cracked.", "in_policy", "refund",
     ["R4"], "AMBIGUOUS-ish: amount in words", order=(30000, D, 4), into=AMBIGUOUS)
case("amb-09", "I was charged twice for this order ($45.00 each time). Please refund the duplicate charge of "
     "$45.00.", "in_policy", "refund", ["R4"],
     "AMBIGUOUS: a billing error, not a product refund; policy has no billing rule", order=(4500, D, 5),
     into=AMBIGUOUS)


def write(path, rows):
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


write(HERE / "benchmark.jsonl", CASES)
write(HERE / "ambiguous.jsonl", AMBIGUOUS)
print(len(CASES), "benchmark lines,", len(AMBIGUOUS), "ambiguous lines")
