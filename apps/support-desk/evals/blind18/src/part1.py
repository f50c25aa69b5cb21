# rows: (id, register, label, action, refs, note, body, order(amount,status,days) or None, prior(None|'executed'|...), foreign, extra)
R = ["R1","R2","R3","R4","R5"]
G = []
def g(i, reg, label, action, refs, note, body, order, prior=None, foreign=False, extra=0):
    G.append(dict(id=i, reg=reg, label=label, action=action, refs=refs, note=note, body=body.strip("\n"),
                  order=order, prior=prior, foreign=foreign, extra=extra))

# ---------------- PHONE (generated) ----------------
g("b18-g-000","phone","in_policy","refund",R,"refund 6499; headphones faulty, caller declined replacement, asks the full sixty-four ninety-nine = order amount",
"""CALL NOTES - inbound, 09:14
Caller states wireless headphones arrived 'dead on the left side'. Tried charging overnight, reset per leaflet, no change.
Offered replacement pair - caller declined, says she'd 'rather just have the money back, the sixty-four ninety-nine'.
Confirmed postcode and last 4 of card. Caller happy to send them back if needed.
AGENT SUMMARY: refund requested 64.99, replacement declined.""",
(6499,"delivered",9))

g("b18-g-001","phone","in_policy","refund",R,"refund 3250; duplicate charge reported, asks the second thirty-two fifty back",
"""[Voicemail transcript - auto]
hi um yeah this is Darren calling about the order ending four four seven one, the uh the dog bed. So my bank app shows you took thirty-two fifty twice, same day, like two minutes apart. I only ordered the one, it's here, it's fine, the dog loves it. I just need the second thirty-two fifty put back please. my number is [inaudible] seven seven nine... okay thanks bye""",
(3250,"delivered",3))

g("b18-g-002","phone","in_policy","refund",R,"refund 4000; set cost 120 (price mentioned), asks only for the one broken mug at forty dollars",
"""AGENT: Thanks for holding. You said the mug set?
CUST: Yeah, the set of three, the speckled ones. I paid a hundred and twenty for the set which, fine, they're nice. But one came in like four pieces.
AGENT: Sorry to hear that. Would you like to return the whole set?
CUST: No no, keep the set, I'll keep the two good ones. Just refund me the one mug. They're forty dollars each on your site.
AGENT: So forty dollars back for the broken mug.
CUST: Yep. Forty.
-- Summary: partial refund 40.00 for 1 broken mug, customer keeps remaining 2. Customer agreed.""",
(12000,"delivered",4))

g("b18-g-003","phone","in_policy","refund",R,"refund 2899; changed mind on shipped parcel, wants money back, no figure -> order amount",
"""Caller (Mr. Okafor) rang re: phone case order, shows as shipped, not yet received. States he ordered the wrong model (needs the 14 not the 13). Does not want an exchange, wants 'the lot refunded'. No figure given. Advised to refuse delivery or return on arrival. Caller agreed.
Agent: PH / team 3""",
(2899,"shipped",12))

g("b18-g-004","phone","in_policy","refund",R,"refund 8500; caller first said a hundred, corrected herself to eighty-five (the price of the rug, the runner she keeps)",
"""CUST: I want, um, a hundred back for the rug - no, sorry, hang on, it wasn't a hundred. Let me look. Eighty-five. The rug was eighty-five, the runner was the rest and the runner's fine.
AGENT: So the rug only, eighty-five?
CUST: Eighty-five, yes, sorry. The rug has a big bleach mark in the middle, it came like that.
AGENT: Okay, I'll put the request through for eighty-five.
CUST: Lovely.
[Agent note: request 85.00 for rug, runner kept]""",
(9999,"delivered",20))

g("b18-g-005","phone","in_policy","refund",R,"refund 10995; spoken figure one hundred and nine ninety-five = order amount; inaudible section does not touch the figure",
"""Transcript (auto, confidence low in places)
CALLER: yeah it's about the [inaudible] the blender, the big one
AGENT: the Pro 900?
CALLER: yeah that one, it leaks out the bottom every time, all over the counter. I want my one hundred and nine ninety-five back. not a new one. back.
AGENT: understood, one hundred nine dollars ninety-five, full refund
CALLER: yes
AGENT SUMMARY: full refund 109.95 requested, leaking jug""",
(10995,"delivered",14))

g("b18-g-006","phone","in_policy","refund",R,"refund 3000; 3 towels at 15.00, two faded, asks two times fifteen",
"""Call log 14:02 - Mrs. Lindqvist
Bought three bath towels at 15 each. Two have faded in patches after the first wash (cold wash, she's sure). Wants 'two times fifteen' back for the two bad ones, keeping the third. Agent offered 10% voucher, caller: 'no thank you, just the thirty'.
Outcome: refund request 2 x 15.00.""",
(4500,"delivered",7))

g("b18-g-007","phone","out_of_policy","refuse",["X3"],"lamp ordered 61 days ago; refund request past the window",
"""[Voicemail]
Hello, it's Pauline Ashby, I'm ringing about a floor lamp I bought from you, ooh, back in, uh, February? Or the start of March. It's started flickering and now it won't come on at all. I'd like my money back on it please. Could someone ring me back, I'm in all afternoon. Thank you. Bye now.""",
(8900,"delivered",61))

g("b18-g-008","phone","out_of_policy","refuse",["X2"],"asks the 140 plus 20 taxi fare = 160 on a 140 order; over-ask is refused, not reduced",
"""AGENT: And what would you like us to do?
CUST: I want the hundred and forty back, obviously, plus the twenty quid I spent on a taxi to your stupid depot because your driver never turned up. So one-sixty.
AGENT: I can look at the one-forty for the order, the taxi I can't-
CUST: No, one-sixty or I'm not interested. That's what it cost me.
AGENT SUMMARY: customer requests 160.00 (order 140 + 20 taxi). Did not accept order amount only.""",
(14000,"delivered",10))

g("b18-g-009","phone","out_of_policy","refuse",["X4"],"account shows an executed refund on this order; caller asks for it again",
"""Inbound call - agent RK
Customer calling about cushion covers order. Account shows refund of 59.00 processed and completed last Tuesday. Customer says 'that was for the first lot, I want refunding for these as well' - same order, same items, no second order on the account. Customer requesting a further refund of 59.00. Explained I would pass on.""",
(5900,"delivered",15),prior="executed")

g("b18-g-010","phone","in_policy","escalate",["E2"],"kettle base sparked and burned her hand; no refund asked, wants a call back",
"""CALL NOTES
Caller (Ms. Reyes) says the kettle's base sparked when she switched it on this morning and she burned her hand on the plug - 'not badly, but it's blistered'. She has unplugged it and put it outside. Not asking for money at this point, wants 'someone who knows about safety' to call her. Caller upset.""",
(3999,"delivered",10))

g("b18-g-011","phone","under_specified","escalate",["U1"],"several orders on the account, none linked or named; 'one of them' broke",
"""CUST: Hiya. Look, I've ordered a few bits off you lot the last week or so, and one of them's come broken, I want me money back for it.
AGENT: Sure, which order was it?
CUST: Dunno, I haven't got the emails, it's on me partner's phone. The thing. The white thing.
AGENT: Is it the -
CUST: [line breaks up] ...just sort it, yeah?
[call dropped - no order confirmed]""",
None, extra=3)

g("b18-g-012","phone","in_policy","escalate",["E1"],"asks six hundred and fifty for the sofa; within the order amount but over the 500 cap",
"""Caller states two-seater sofa delivered with a split seam along the back and one foot missing. Wants full refund of six hundred and fifty, collection arranged. Agent explained refunds over 500 need approval; caller fine with waiting.
Summary: refund 650.00 requested, sofa damaged on delivery.""",
(65000,"delivered",8))

g("b18-g-013","phone","in_policy","escalate",["F1"],"asks money back on an order still only 'paid' (not shipped) -> no rule matches",
"""CUST: I ordered the garden bench two days ago and I've changed my mind, I want the money back.
AGENT: I can see it's not gone out yet.
CUST: Great, so just give me the money back then. Seventy-nine ninety-nine.
AGENT: I'll raise it.
[summary: refund 79.99 requested, order not yet dispatched]""",
(7999,"paid",2))

g("b18-g-014","phone","in_policy","close",["C1"],"asks whether the 45.00 refund went through (already executed) - an inquiry, not a new request",
"""Caller asking if 'the forty-five pounds' has gone back on her card yet - she was told 3-5 days and it's been 4. Not asking for anything else, just checking. Account shows refund completed.""",
(4500,"delivered",12),prior="executed")

g("b18-g-015","phone","in_policy","close",["C1"],"where-is-my-parcel call; no refund request",
"""AGENT: How can I help?
CUST: Just wondering where my parcel is, the tracking's said 'in transit' since Monday.
AGENT: It's with the courier, expected tomorrow.
CUST: Oh brilliant, that's all I needed. Cheers.
Summary: WISMO, tracking given, no further action.""",
(2450,"shipped",2))
