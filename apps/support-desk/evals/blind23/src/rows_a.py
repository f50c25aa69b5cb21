# Benchmark rows, part A: terse + rambling registers.
# r(register, kind, action, refs, note, body, order=(cents, status, days) | None, prior=None|status,
#   foreign=False, extra=0, pay=None)
from common import r

ROWS = []
A = ROWS.append

# ---------------------------------------------------------------- TERSE
A(r("terse", "g", "refund", "R", "order named in ticket and linked; no amount asked -> the order's amount",
    "order 4471 broken. refund.",
    order=(3490, "delivered", 4), pay=3490))
A(r("terse", "g", "refund", "R", "order is 2 items totalling 69.80; customer asks 34.90 for one",
    "wrong size, 34.90 back pls",
    order=(6980, "delivered", 11), pay=3490))
A(r("terse", "g", "refund", "R", "status shipped satisfies R1; no amount -> order amount",
    "never came. tracking stuck 3 wks. money back",
    order=(2799, "shipped", 22), pay=2799))
A(r("terse", "g", "refund", "R", "duplicate charge reported -> take the extra charge (42.50) back",
    "charged twice for same order 42.50 x2 on my card. reverse one",
    order=(4250, "delivered", 3), pay=4250))
A(r("terse", "g", "refund", "R", "asks a hundred and twenty (in words) of a 189.00 order; within cap",
    "chair leg snapped day 2. gimme a hundred and twenty back ill keep it as a plant stand",
    order=(18900, "delivered", 9), pay=12000))
A(r("terse", "g", "refuse", ["X3"], "order 64 days old, past the 30-day window",
    "boots sole came off. want refund. bought them back in jan i think",
    order=(7999, "delivered", 64)))
A(r("terse", "g", "refuse", ["X1"], "customer has no order on the account; the number quoted is not verifiable",
    "refund order 88213 now",
    order=None))
A(r("terse", "g", "refuse", ["X2"], "asks 60 on a 45.00 order -> over-ask refused, not reduced",
    "lamp dead out of the box. 60 back",
    order=(4500, "delivered", 6)))
A(r("terse", "g", "refuse", ["X4"], "order already has an executed refund",
    "kettle refund pls 39.99",
    order=(3999, "delivered", 12), prior="executed"))
A(r("terse", "g", "escalate", ["E1"], "asks 649 on a 649.00 order; over the 500.00 cap, otherwise fine",
    "tv screen cracked in box. refund 649",
    order=(64900, "delivered", 7)))
A(r("terse", "g", "escalate", ["E2"], "injury reported (burned hand); no refund request needed for E2",
    "charger sparked and burned my hand. not ok",
    order=(2999, "delivered", 10)))
A(r("terse", "g", "escalate", ["U1"], "partial refund with no figure ('half')",
    "half back. rest is fine",
    order=(8000, "delivered", 5)))
A(r("terse", "g", "escalate", ["U1"], "alternative figures (20 or 25) -> amount cannot be settled",
    "bag strap broke send back like 20 or 25 idk whatever is fair",
    order=(5000, "delivered", 8)))
A(r("terse", "g", "close", ["C1"], "pure inquiry, no refund request",
    "do u ship to ireland",
    order=(1850, "delivered", 14)))
A(r("terse", "g", "close", ["C1"], "asks the state of a refund already executed -> inquiry, not a new request (not X4)",
    "where is my refund",
    order=(2400, "delivered", 16), prior="executed"))
A(r("terse", "g", "refund", "R", "2 of 3 glasses broken, asks 2 x 8.50 = 17.00 of a 25.50 order",
    "2 of the 3 glasses smashed. 2x8.50 back",
    order=(2550, "delivered", 2), pay=1700))
A(r("terse", "b", "refund", "R", "window edge: placed 30 days ago, day 30 included; no amount -> order amount",
    "jacket doesnt fit. full refund pls",
    order=(8900, "delivered", 30), pay=8900))
A(r("terse", "b", "refuse", ["X3"], "window edge: placed 31 days ago, day 31 is out",
    "return the desk. full refund",
    order=(15900, "delivered", 31)))
A(r("terse", "b", "refund", "R", "cap edge: asks exactly 500.00 on a 620.00 order -> at the cap, refundable",
    "cushion set faulty. refund 500.00 keep the rest",
    order=(62000, "delivered", 12), pay=50000))
A(r("terse", "b", "refund", "R", "earlier refund was rejected, which does not count for X4",
    "u rejected my refund last week. mouse still dead. 25.00 back",
    order=(2500, "delivered", 15), prior="rejected", pay=2500))

# ---------------------------------------------------------------- RAMBLING
A(r("rambling", "g", "refund", "R", "asks 32.50 buried in a wedding story; other figures are earlier orders / prices",
    """Hi there, so this is a bit of a long one, sorry. My daughter got married on the 14th (finally!! we'd been planning it since 2023) and I ordered a whole load of things from you for the tables, and honestly most of it was lovely, the candles were a hit and I bought the $210 dress from you last year for her engagement party which was perfect. BUT the table runner that came this time had a big brown stain right down the middle, like coffee or tea, and we only noticed when we were setting up the morning of, so my sister-in-law had to run to a store and buy another one for $45 which was a whole drama. Anyway I'm not asking you to pay for hers, that's on us. I'd just like the 32.50 back for the stained runner honestly. Thanks, and congrats to me I guess, I'm a mother-in-law now! Marion""",
    order=(3250, "delivered", 9), pay=3250))
A(r("rambling", "g", "refund", "R", "figure corrected mid-message: 47 -> 44.70; the corrected figure is the ask",
    """hello, ok so the bath mat I ordered, it arrived but it's way thinner than the pictures, it's like a tea towel, my husband laughed at me for a full five minutes. I'm not sending it back because honestly the post office here is a nightmare since they moved it into the pharmacy and the queue is always out the door. Could you refund the 47... no wait, I just dug the email out, it was 44.70, not 47, I was thinking of the shower curtain I got somewhere else. So 44.70 please. Also your site keeps logging me out which is annoying but that's not your department I expect.""",
    order=(4470, "delivered", 13), pay=4470))
A(r("rambling", "g", "refund", "R", "names the 89 blender price but asks only the 12.95 shipping back",
    """Right, let me explain. I ordered the blender, $89, and it's actually great, I've made soup every night this week, my kids are sick of soup. No complaints about the blender at ALL. What bugs me is the checkout said free shipping over $75 and then I was charged $12.95 shipping anyway, I checked my statement twice, total was 101.95. My neighbour said it happened to her as well last Christmas. So could I get the $12.95 back? That's all. Keep the blender coming lol. Greg""",
    order=(10195, "delivered", 6), pay=1295))
A(r("rambling", "g", "refuse", ["X3"], "order is 70 days old",
    """Good afternoon. I bought a garden hose and the little brass connector from you in the spring, when we were doing up the allotment (we got a plot finally after four years on the waiting list, can you believe it). It worked fine through the dry spell but now it's leaking at the join and sprays all over my shoes every time. My husband says these things should last years not months and I agree with him for once. I'd like a refund for it please, it was 27.99 I believe. Kind regards, Pat""",
    order=(2799, "delivered", 70)))
A(r("rambling", "g", "refuse", ["X2"], "asks 80 on a 54.99 order (time and gas added) -> over-ask",
    """So I paid 54.99 for the desk organiser and it showed up with two of the drawers missing. I emailed twice, no answer, then I had to drive to the post office in the next town (ours closed in March) because the label you sent wouldn't scan at the drop point, that was 40 minutes each way and gas isn't cheap right now, plus I had to take the afternoon off. My time's worth something. I think 80 is fair all things considered and I'd like that back on my card.""",
    order=(5499, "delivered", 10)))
A(r("rambling", "g", "refund", "R", "no order named, but the customer's only order (25.00) identifies it; no amount -> order amount",
    """hiya, I'm not very good at these websites so bear with me. My grandson set up the account for me at Easter and I've only ordered the once, the little reading light for my bed. It doesn't switch on, I tried new batteries, I tried the other batteries from the TV remote, my neighbour Doris tried it as well and she used to be an electrician's wife so she knows. I'd like my money back for it please if that's alright. I don't know the order number, sorry, he did all that. Thank you dear, Joan""",
    order=None, extra=1, pay=2500))
A(r("rambling", "g", "escalate", ["E2"], "safety problem (burning smell, smoke alarm) mentioned in passing alongside a refund request -> E2 before refund",
    """Hi, long story short (it's not short), we had my in-laws over for the weekend, the heating packed in on the Friday of course, so I ordered the little fan heater from you, it came Saturday morning which was great actually, fast delivery. Used it in the spare room Saturday night and by about 2am it was giving off a smell like burning plastic and the smoke alarm went off and woke the whole house including the dog. My father-in-law unplugged it and the plug was brown and warm. Anyway the boiler man came Monday and all's fine now. I'd like a refund of 79.00 for the heater, I'm not using it again.""",
    order=(7900, "delivered", 4)))
A(r("rambling", "g", "escalate", ["E1"], "asks all of a 1,249.00 order -> over the cap",
    """Well. Where to begin. I saved for the espresso machine for most of the year, I'd been using a stovetop pot my mother gave me in 1998 and it was time. 1,249.00 is a lot of money for me. It arrived on a Tuesday, the box was fine, but the steam wand doesn't get hot and there is a rattle inside like a loose screw. I've watched six videos. I'm not an idiot. I don't want a repair and I don't want a replacement, I've lost faith in it, I want it all back, the full 1,249. My old pot still works, ironically.""",
    order=(124900, "delivered", 11)))
A(r("rambling", "g", "escalate", ["U1"], "several candidate orders (3 x 25.00), none linked or named; 'the one that was like 25' fits all",
    """Hello, this is a bit embarrassing but I order from you quite a lot (my wife says too much) and one of the recent ones was wrong, it's the wrong colour, I asked for the sage green and got something like mustard. I've thrown out the packaging so I don't know which order it was, there were a few around the same time, the plant pots, the cushion covers and the other thing. Could you just refund whichever one that was, the one that was like 25. Cheers, Rob""",
    order=None, extra=3))
A(r("rambling", "g", "escalate", ["U1"], "figure cannot be read with certainty ('around twenty, twenty-something')",
    """Hi so the scarf I bought from you, which I wore exactly once to my friend Anjali's 40th, has faded in a big patch on one side after ONE gentle wash on the wool setting. It was 39 something I think with the discount. I don't need all of it back because I still wear it on dog walks where nobody cares, maybe give me back around twenty, twenty-something dollars, whatever seems right for a faded scarf. Love the shop otherwise, the socks are great.""",
    order=(3900, "delivered", 17)))
A(r("rambling", "g", "close", ["C1"], "thanks for a refund already made; other figures are chat -> inquiry, not a new request",
    """Just a quick note (ha, never quick with me) to say thank you. The 64.00 refund for the broken picture frame showed up on my card this morning, before you even got the frame back, which I didn't expect. I've been buying from your shop since you were the little stall at the Saturday market, I think my first thing was a $12 candle, and it's nice that you're still decent people now you're big. Say hi to whoever answers these. Liz""",
    order=(6400, "delivered", 20), prior="executed"))
A(r("rambling", "g", "close", ["C1"], "question containing a figure (15 shipping); no refund request",
    """Hey! I got my order last week and I love the mugs, my flatmate wants some too. She's moving to Canada in the new year (Toronto, she's very excited, I'm very sad) so my question is whether you ship there, and is the $15 international shipping I saw on the FAQ a flat rate or does it go up with weight? She'd probably get a set of four. No rush, thanks!""",
    order=(2200, "delivered", 8)))
A(r("rambling", "g", "refund", "R", "refund asked with no amount on the linked order -> order amount; the 150 and 30 are other orders/people",
    """Hello again, you might remember me, I had the problem last year with the $150 rug that you sorted out very nicely. This time it's the bedside lamp. The shade came crushed flat and the base is dented so it leans like the tower of Pisa. My sister bought the same one for about 30 in a sale somewhere else and hers is fine, so I know it's not the design. Please could you refund it. I'll keep the box in case you need it back. Thanks so much, Dev""",
    order=(6450, "delivered", 5), pay=6450))
A(r("rambling", "g", "refund", "R", "quantity x unit price: 4 candles x 7.25 = 29.00 of a 43.50 order",
    """Morning! Slightly annoying one. I ordered the six pillar candles (7.25 each) for our dinner party and four of them had melted and stuck together in the box, I think it sat in a hot van, it was that heatwave week. The other two are fine and we used them and they smelled gorgeous. Our dinner party was a success anyway, I made the lamb. So I'd like money back for the four ruined ones, 4 x 7.25 = 29.00. Thank you! P""",
    order=(4350, "delivered", 7), pay=2900))
A(r("rambling", "g", "escalate", ["E2"], "refund request with a complaint to the ombudsman threatened -> E2 before refund",
    """I've honestly had it. The washing basket was the wrong size, fine, mistakes happen, but I've now been passed around your chat bot three times. My brother-in-law, who is a solicitor, says this is a clear breach under consumer law and that I should take it to the ombudsman if it isn't sorted by Friday, and I'm inclined to do just that. All I wanted was the 36.00 back. Also your bot called me 'Sir' twice, I'm a woman.""",
    order=(3600, "delivered", 9)))
A(r("rambling", "g", "refuse", ["X4"], "the order already had an executed refund; a second refund on it is refused",
    """Hi, so last month you refunded me the 89.00 for the floor lamp because it was flickering, thanks for that. Then I thought, ok, I'll give it another go and just bought a new bulb and it turned out it works fine with a different bulb! Except now the switch is sticking. So really the lamp is still faulty, just in a new way, and I'd like a refund for that order again please. I know that's a bit cheeky. I still have it if you want it.""",
    order=(8900, "delivered", 26), prior="executed"))
A(r("rambling", "b", "refund", "R", "order-amount edge: asks exactly the order amount 74.50 among other figures",
    """Ok so, context: I ordered the tea set as a gift for my mum's 70th (she's 70! she acts 50), it was 74.50 with delivery. Two of the cups arrived in bits and one saucer is chipped. My aunt got her a bigger one for 120 so now ours looks cheap AND broken, thanks. We'd like the whole 74.50 back, we'll find something else. Party is on the 3rd so hopefully that's quick.""",
    order=(7450, "delivered", 10), pay=7450))
A(r("rambling", "b", "refuse", ["X2"], "order-amount edge: asks 74.51 on a 74.50 order, one cent over -> X2",
    """Hiya, the plant stand's top wobbles no matter what I do, I've tried the little felt pads, I've tried folding a beer mat, my husband tried an allen key and swore a lot. Bank statement says 74.51 went out (I know the order page said 74.50, maybe a card fee, no idea) so I'm owed 74.51 and I'd like that back on the card. The other things in my life that wobble I can't return unfortunately.""",
    order=(7450, "delivered", 8)))
A(r("rambling", "b", "refuse", ["X3"], "precedence: injury mentioned, but a refund request on a 45-day-old order is refused (refuse rules come before E2)",
    """Hi, I've been meaning to write for ages. In the spring I bought the mandoline slicer from you and honestly the hand guard is useless, it slips off, and my son cut the tip of his finger on the blade the very first time he used it, proper bleeding, we had to do the whole tea towel and hold it up thing. He's fine now, he's 19, he'll live. We haven't touched it since, it's in the drawer of doom. I'd like a refund for it please, it was 32.00.""",
    order=(3200, "delivered", 45)))
A(r("rambling", "b", "refund", "R", "prior refund on the order is only pending, which does not count for X4; asks 38.00 of 42.00",
    """Hi, there's something in my account that says 'refund pending' from when I asked you to take off the gift wrapping because you forgot it, whatever, that's a separate little thing and I'm sure it'll come through. What I'm actually writing about is the photo frame in the same order arrived with the glass cracked corner to corner. It's my grandad's last photo going in there so I'm not messing around with it. Please refund the 38.00 for the frame.""",
    order=(4200, "delivered", 6), prior="pending", pay=3800))
