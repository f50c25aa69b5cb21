#!/usr/bin/env python3
"""Generates holdout3/benchmark.jsonl and ambiguous.jsonl. Labels come from policy.md alone (not from the code)."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
rows, amb = [], []


def o(amount, status="delivered", days=5):
    return {"amount_cents": amount, "status": status, "placed_days_ago": days}


def case(id_, body, action, refs, note, order, prior=None, foreign=False, extra=0, dest=None):
    label = {"refund": "in_policy", "close": "in_policy", "refuse": "out_of_policy"}.get(action)
    if action == "escalate":
        label = "under_specified" if "U1" in refs else "in_policy"
    setup = {"order": order, "prior_refund": prior is not None, "foreign_order": foreign, "extra_orders": extra}
    if prior is not None:
        setup["prior_refund_status"] = prior
    (dest if dest is not None else rows).append({"id": "h3-" + id_, "body": body, "label": label,
        "expected_action": action, "policy_refs": refs, "note": note, "setup": setup})


# ---- refund (R1-R5) ----
case("r01", "Hi, my headphones arrived with the left side dead. Could you refund the $59.99 please?", "refund", ["R1", "R2", "R3", "R4", "R5"], "plain", o(5999))
case("r02", "hey so the lamp came cracked lol. can i get my $34.50 back", "refund", ["R4"], "casual", o(3450, "shipped", 2))
case("r03", "Dear Sir or Madam, I would be grateful if you could reimburse me the sum of $120.00 for the defective kettle. Kind regards, Margaret", "refund", ["R5"], "formal", o(12000))
case("r04", "Please refund the full amount. The shoes are two sizes too small.", "refund", ["R4"], "full amount idiom", o(8900, "delivered", 12))
case("r05", "Wrong colour sent. Refund $500.00 please.", "refund", ["R5"], "exactly the cap", o(64900, "delivered", 4))
case("r06", "Delivered today and it's already broken. I want a refund of $25.00.", "refund", ["R2"], "day 0", o(2500, "delivered", 0))
case("r07", "The jacket fell apart on day one, please refund $75.", "refund", ["R2"], "day 1", o(7500, "delivered", 1))
case("r08", "It stopped working after a few weeks. Refund $40 please.", "refund", ["R2"], "day 29", o(4000, "delivered", 29))
case("r09", "Ordered exactly a month ago, the zip broke. Please refund $45.99.", "refund", ["R2"], "day 30 inclusive", o(4599, "delivered", 30))
case("r10", "Please refund $199.99, the whole order.", "refund", ["R4"], "exactly the order amount", o(19999, "delivered", 6))
case("r11", "I'd like all my money back for this printer, it jams constantly.", "refund", ["R4"], "all my money back idiom", o(15000, "delivered", 9))
case("r12", "Hi, the tracking says shipped but the box arrived empty?? Need my $22 returned to my card.", "refund", ["R1"], "shipped + 'returned to my card'", o(2200, "shipped", 3))
case("r13", "Refund $15 of the $60 please - one of the glasses in the set was chipped.", "refund", ["R4"], "partial; price is not the amount", o(6000))
case("r14", "I asked for a refund before and you rejected it, but the blender really is faulty. Please refund $89.00.", "refund", ["R3"], "rejected prior refund does not count", o(8900), prior="rejected")
case("r15", "Please refund the $30.00 for the torn backpack.", "refund", ["R3"], "pending prior refund does not count (policy: pending does not count)", o(3000), prior="pending")
case("r16", "Could you credit $12.99 back to my card? The phone case doesn't fit my model.", "refund", ["R1"], "credit it back", o(1299, "shipped", 7))
case("r17", "The rug is a completely different pattern than pictured. Refund the lot please.", "refund", ["R4"], "refund the lot idiom", o(24000, "delivered", 15))
case("r18", "Refund USD 49.50 please, the watch strap snapped.", "refund", ["R4"], "USD format", o(4950))
case("r19", "I have three orders with you but this is about the toaster one. It's dead. Refund $39.99 please.", "refund", ["R1"], "linked order among several", o(3999), extra=2)
case("r20", "The $80 coat arrived with a hole. A refund of $20 would be fine and I'll keep it.", "refund", ["R4"], "price vs requested", o(8000))

case("r21", "Bonjour, the coffee grinder is broken. Please return my 50,00 € to my card.", "refund", ["R4"], "decimal comma euro", o(5000))
case("r22", "gimme back fifty dollars for the busted speaker pls", "refund", ["R4"], "amount in words", o(5000, "shipped", 1))
case("r23", "Sorry to bother you - the frame was bent. Could you refund every penny?", "refund", ["R4"], "every penny idiom", o(2750, "delivered", 30))

# ---- escalate E1 (cap) ----
case("e101", "The sofa arrived damaged. Please refund $500.01.", "escalate", ["E1"], "one cent over the cap", o(90000))
case("e102", "My laptop died after a week, I want the full amount refunded.", "escalate", ["E1"], "full amount over cap", o(129900, "delivered", 7))
case("e103", "Refund $650 for the broken e-bike battery charger set please.", "escalate", ["E1"], "over cap, within order", o(65000, "shipped", 3))
case("e104", "TV was smashed in transit. Want my $799.00 back.", "escalate", ["E1"], "over cap, equals order", o(79900, "delivered", 30))

# ---- escalate E2 (safety / legal / injury) ----
case("e201", "The charger started smoking and sparked when I plugged it in. I'm scared to use it.", "escalate", ["E2"], "safety, no refund asked", o(2999))
case("e202", "The space heater tipped and burned my daughter's arm. I want a refund of $45.", "escalate", ["E2"], "injury beats refund (E before R)", o(4500))
case("e203", "If this isn't sorted I will be contacting my lawyer. Refund $60 now.", "escalate", ["E2"], "legal threat beats refund", o(6000))
case("e204", "I am filing a complaint with the BBB about this seller. Just so you know.", "escalate", ["E2"], "regulator complaint = legal threat", o(6000))
case("e205", "My phone battery is swollen and leaking after I used your charger. What should I do?", "escalate", ["E2"], "hazard description in a question", o(1999))
case("e206", "The toy's small part came off and my son choked on it, he's ok now but we went to the ER.", "escalate", ["E2"], "injury on a 90-day-old order, no refund asked (X rules need a refund request)", o(2500, "delivered", 90))
case("e207", "The plug melted in the socket. Refund $20 please.", "escalate", ["E2"], "melted plug hazard beats refund", o(2000, "delivered", 29))
case("e208", "I got an electric shock from the kettle handle. Not ok.", "escalate", ["E2"], "shock from device", o(3500, "paid", 1))

# ---- F1 (status paid / cancelled) ----
case("f01", "I changed my mind, please refund $19.99.", "escalate", ["F1"], "status paid: no rule matches", o(1999, "paid", 1))
case("f02", "I cancelled this order but still want my $55 back.", "escalate", ["F1"], "status cancelled", o(5500, "cancelled", 4))

# ---- under_specified U1 ----
case("u01", "One of my orders came broken. Please refund $25.", "escalate", ["U1"], "several orders, none linked or named", None, extra=3)
case("u02", "I need a refund for the thing that arrived damaged, $26.", "escalate", ["U1"], "two orders, none linked", None, extra=2)
case("u03", "Refund $25.00 please, the mug is chipped.", "escalate", ["U1"], "exactly one order but not linked: a human confirms", None, extra=1)
case("u04", "Can I get some money back? The item isn't as described.", "escalate", ["U1"], "missing amount", o(4000))
case("u05", "Could I have half of it refunded? The other half of the set was fine.", "escalate", ["U1"], "share without amount", o(5000))
case("u06", "I'd like $10 or maybe $15 back for the scratches.", "escalate", ["U1"], "alternatives", o(6000))
case("u07", "Refund $20ish for the missing screws please.", "escalate", ["U1"], "unreadable amount", o(6000))
case("u08", "My card got charged twice for this order, please reverse one of them.", "escalate", ["U1"], "duplicate charge", o(3300))
case("u09", "Where is my refund? It has been two weeks.", "escalate", ["U1"], "question about a refund with none on record", o(3300))
case("u10", "I was billed two times, $45 each. Refund $45 please.", "escalate", ["U1"], "duplicate charge with amount", o(4500))
case("u11", "Can I get 50% back since the colour is off?", "escalate", ["U1"], "percentage share", o(7000))
case("u12", "I'd like a refund for the damaged vase.", "escalate", ["U1"], "refund with no amount", o(3000, "shipped", 2))

# ---- close C1 ----
case("c01", "Hi! What are your opening hours over the holidays?", "close", ["C1"], "pure inquiry", o(3000))
case("c02", "Do you ship to Canada?", "close", ["C1"], "pure inquiry, no order", None)
case("c03", "Thanks for the $45 refund, got it this morning!", "close", ["C1"], "acknowledging executed refund (not X4)", o(4500), prior="executed")
case("c04", "My bank says the refund is still pending, how long does it usually take?", "close", ["C1"], "state of pending refund", o(4500), prior="pending")
case("c05", "Is this jacket machine washable?", "close", ["C1"], "product question on old order", o(8000, "delivered", 90))
case("c06", "Do you offer refunds on sale items?", "close", ["C1"], "general refund question", o(8000))
case("c07", "How do I change the delivery address on my account?", "close", ["C1"], "inquiry with several orders", None, extra=2)
case("c08", "The system keeps logging me out of the app. Any fix?", "close", ["C1"], "ordinary complaint words", o(2000))
case("c09", "I don't want a refund, I just want to know when the matching chairs are back in stock.", "close", ["C1"], "negated refund", o(2000))
case("c10", "Just wanted to say the refund came through, thanks a lot.", "close", ["C1"], "acknowledgement without amount", o(1500, "delivered", 40), prior="executed")

# ---- refuse X1 ----
case("x101", "Please refund $30 for my order, the zipper broke.", "refuse", ["X1"], "foreign order", o(3000), foreign=True)
case("x102", "Refund $25 please.", "refuse", ["X1"], "no orders at all", None)
case("x103", "The pan is warped. Refund $40.", "refuse", ["X1"], "foreign order while the customer has own orders", o(4000), foreign=True, extra=2)
case("x104", "My order caught fire!! Refund $50 now.", "refuse", ["X1"], "priority: X1 before E2", o(5000), foreign=True)

# ---- refuse X2 ----
case("x201", "Please refund $49.51 for the belt.", "refuse", ["X2"], "one cent over the order amount", o(4950))
case("x202", "I want $100 back for my $60 jacket, for the trouble.", "refuse", ["X2"], "over order amount", o(6000))
case("x203", "Refund $700 for the chair.", "refuse", ["X2"], "priority: X2 before E1 (over cap and over order)", o(60000))
case("x204", "Refund $200 for the $60 jacket.", "refuse", ["X2"], "policy example", o(6000))

# ---- refuse X3 ----
case("x301", "Please refund the full amount, $49.99. The blender broke.", "refuse", ["X3"], "day 31", o(4999, "delivered", 31))
case("x302", "It broke after three months, refund $30 please.", "refuse", ["X3"], "day 90", o(3000, "delivered", 90))
case("x303", "The heater is sparking, refund $60.", "refuse", ["X3"], "priority: X3 before E2", o(6000, "delivered", 31))
case("x304", "Refund $900 please, the fridge died.", "refuse", ["X3"], "priority: X3 before E1", o(90000, "delivered", 45))
case("x305", "Can I have a refund please?", "refuse", ["X3"], "priority: X3 before U1 (missing amount)", o(3000, "delivered", 31))

# ---- refuse X4 ----
case("x401", "Please refund $30 for the broken lamp.", "refuse", ["X4"], "executed prior refund", o(3000), prior="executed")
case("x402", "I want another refund of $10, it's still broken.", "refuse", ["X4"], "executed prior, partial ask", o(3000, "shipped", 2), prior="executed")
case("x403", "Refund $600 please.", "refuse", ["X4"], "priority: X4 before E1", o(80000), prior="executed")


# ---- second batch: style variety (written before seeing any result for these lines) ----
case("s01", "THE BLENDER IS BROKEN. I WANT MY $64.99 BACK. NOW.", "refund", ["R1", "R2", "R3", "R4", "R5"], "all caps", o(6499))
case("s02", "hello i am buy the shoe but the size is wrong, please you give me back 35 dollar", "refund", ["R4"], "non-native English", o(3500, "delivered", 3))
case("s03", "So I ordered this desk for my home office, and my partner helped me carry the box upstairs, and when we opened it one leg was snapped clean in half. We had a whole weekend planned around building it. Anyway, I'd like a refund of $210 please.", "refund", ["R5"], "long story, request at the end", o(21000, "delivered", 10))
case("s04", "Refund $1,050.00 please, the treadmill motor burned out on the first run.", "escalate", ["E1"], "thousands separator over the cap (if 'burned out' were read as a hazard it is E2: same action)", o(120000, "delivered", 5))
case("s05", "Could you send $.99 back? The app code in the box didn't work.", "refund", ["R4"], "$.99 form", o(499))
case("s06", "Refund $1k please, the camera lens is cracked.", "escalate", ["E1"], "$1k over the cap", o(150000))
case("s07", "You owe me $18 for the missing batteries.", "refund", ["R4"], "'you owe me'", o(4000))
case("s08", "Quisiera un reembolso de $30 por favor, la camisa llegó rota.", "refund", ["R4"], "Spanish 'reembolso'", o(3000))
case("s09", "The kettle keeps tea really hot, love it! Quick question: do you sell the matching cups?", "close", ["C1"], "ordinary heat is not safety", o(3000))
case("s10", "The power bank got really hot and is too hot to touch. I don't want to use it anymore.", "escalate", ["E2"], "hazard description", o(3000))
case("s11", "I'm taking this to small claims court unless it's resolved.", "escalate", ["E2"], "legal threat", o(3000, "delivered", 90))
case("s12", "I will report you to trading standards. Refund $25.", "escalate", ["E2"], "regulator complaint beats refund", o(3000))
case("s13", "I had a shock when I saw the price, but it works fine. Can I change my delivery slot?", "close", ["C1"], "'a shock when I saw the price' is not safety", o(3000))
case("s14", "Hi,\nCould you tell me when my order ships?\n\n> On Monday, Sam wrote:\n> Refund $500 now", "close", ["C1"], "quoted text is not the customer asking", o(3000, "paid", 1))
case("s15", "I don't need a refund, I just wanted to tell you the courier was rude.", "close", ["C1"], "negated refund", o(3000))
case("s16", "Refund 49 dollars 99 please, lid doesn't close.", "refund", ["R4"], "'49 dollars 99'", o(4999))
case("s17", "Pls refund $29.99!! 🙏 the plant arrived dead 😭", "refund", ["R4"], "emoji", o(2999, "delivered", 2))
case("s18", "Refund $45 pls. Also, you guys rock.", "refund", ["R4"], "refund on day 29 shipped", o(4500, "shipped", 29))
case("s19", "I want to return this and get my money back - $38.", "refund", ["R4"], "'get my money back'", o(3800))
case("s20", "Please refund the full amount.", "refuse", ["X3"], "full amount on day 31 (X3 before E1 on an over-cap order)", o(70000, "delivered", 31))
case("s21", "Please refund the full amount.", "escalate", ["E1"], "full amount over cap on day 30", o(70000, "delivered", 30))
case("s22", "Refund $50.00 - the heel snapped.", "refuse", ["X2"], "one cent over order amount (49.99)", o(4999))
case("s23", "Refund $49.99 - the heel snapped.", "refund", ["R4"], "exactly the order amount", o(4999))
case("s24", "I'd like my $60 returned, the vacuum won't hold a charge.", "refund", ["R4"], "'my $60 returned'", o(6000, "delivered", 1))
case("s25", "Hi there, has my refund gone through yet?", "close", ["C1"], "state of executed refund on record", o(6000), prior="executed")
case("s26", "Never got my refund. What's going on?", "escalate", ["U1"], "report that a refund never arrived, none on record", o(6000))
case("s27", "Refund me $40 for one of my orders please, it was faulty.", "refuse", ["X1"], "customer has no orders at all", None)
case("s28", "Refund $25 please, the cable frayed and started sparking.", "escalate", ["E2"], "sparking beats refund on pending prior", o(2500), prior="pending")


# ---- third batch: more refusals and prior-refund statuses (not aimed at the batch-1 misses) ----
case("t01", "Hello, the lamp still flickers. I'd like the $30 refunded please.", "refuse", ["X4"], "executed prior, 'refunded' wording", o(3000, "delivered", 29), prior="executed")
case("t02", "Give me my money back for this order. All of it back.", "refuse", ["X4"], "executed prior, idiom", o(5500, "shipped", 1), prior="executed")
case("t03", "Your earlier refund was rejected, which is unfair. Refund $70 please, the speaker is dead.", "refund", ["R3"], "rejected prior on day 30", o(7000, "delivered", 30), prior="rejected")
case("t04", "Is the refund you started still processing? My bank shows nothing yet.", "close", ["C1"], "state of pending refund on record", o(7000, "delivered", 31), prior="pending")
case("t05", "I'd like my $25 reimbursed, the belt buckle broke.", "refuse", ["X1"], "foreign order, reimbursed", o(2500, "delivered", 1), foreign=True)
case("t06", "Refund $19.99 - wrong size.", "refuse", ["X1"], "foreign order owned by another customer, customer has one own order", o(1999), foreign=True, extra=1)
case("t07", "Refund $300 please, the bike seat is cracked.", "refund", ["R5"], "linked order beside one extra order", o(35000), extra=1)
case("t08", "The oven glass shattered when we turned it on. Refund $500 please.", "escalate", ["E2"], "safety at exactly the cap", o(50000, "delivered", 0))
case("t09", "Refund $1,000.00 please; it arrived yesterday broken.", "escalate", ["E1"], "day 0 over the cap", o(100000, "delivered", 0))
case("t10", "Could you put $42.00 back on my Mastercard? The frame is bent.", "refund", ["R4"], "day 1 shipped", o(4200, "shipped", 1))

# ---- ambiguous (not scored) ----
case("a01", "The blender is faulty. Refund $30, or whatever you think is fair.", "escalate", ["U1"], "'or whatever you think is fair' may or may not make the amount ambiguous", o(5000), dest=amb)
case("a02", "The phone got a bit warm while charging, refund $20 please.", "refund", ["R1"], "'a bit warm' is ordinary heat? policy lists 'got really hot'; unclear", o(5000), dest=amb)
case("a03", "I paid twice as much as my neighbour for this! Refund $10.", "refund", ["R4"], "policy says 'paid twice as much' is not a duplicate charge; included as ambiguous because 'paid twice' phrasing is close", o(5000), dest=amb)
case("a04", "Please refund $30, thanks for the earlier refund too.", "refuse", ["X4"], "new request plus acknowledgement of an executed refund", o(3000), prior="executed", dest=amb)

with open(os.path.join(HERE, "benchmark.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r) + "\n")
with open(os.path.join(HERE, "ambiguous.jsonl"), "w") as f:
    for r in amb:
        f.write(json.dumps(r) + "\n")
print(len(rows), "benchmark rows;", len(amb), "ambiguous")
