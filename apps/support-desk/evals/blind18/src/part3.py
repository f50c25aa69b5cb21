# ---------------- OLDER (generated) ----------------
g("b18-g-032","older","in_policy","refund",R,"refund 3450; grandson ordered for her on this (linked) order; asks 'whatever I paid' -> order amount",
"""Dear Sir or Madam,

I hope you will forgive me writing, I am not very good with the computer. My grandson Thomas ordered a pair of slippers for me from your shop, they came on the Friday I think. I am afraid they are far too narrow and I cannot get my feet into them at all, I have tried with thinner stockings.

Thomas says I should ask for my money back so that is what I am doing. Please could you refund whatever it was I paid, I do not have the paper in front of me. I will post the slippers back if you tell me where.

Thank you very much for your trouble.

Yours faithfully,
Mrs. Edna Halloway""",
(3450,"delivered",12))

g("b18-g-033","older","in_policy","refund",R,"refund 4200; unsure of colour but the order is linked; refund asked with no figure -> order amount",
"""Hello, I bought a cardigan from you, I think it was the blue one, or was it the green, I really can't remember now and it's in the wash basket. Anyway the buttons have all come off after one wearing. I'd like a refund please. I'm sorry to be a nuisance. Could you look it up for me, it should be under my name.

Regards, Dorothy""",
(4200,"delivered",15))

g("b18-g-034","older","in_policy","refund",R,"refund 2500; no order linked but the customer has exactly one order (25.00, delivered 5 days) and she says she only ever bought one thing",
"""To whom it may concern,

I have only ever bought one thing from your company, the bird feeder, so I hope you can find it easily. The squirrels have already broken the lid clean off and it has only been up a few days. I should like a refund of my money please.

With kind regards,
Geoffrey Pell (Mr.)""",
None, extra=1)

g("b18-g-035","older","in_policy","refund",R,"refund 1999; daughter typing for her, asks 19.99 back for the teapot",
"""Good morning,

My daughter Margaret is typing this for me as my eyes are not what they were. The teapot I ordered has a crack in the lid which I did not see until I poured, and it dribbles all down the side. It cost 19.99 and I would like the 19.99 back please, as I do not think it can be mended.

I do apologise for any bother, and I thank you.

Mrs. Iris Kendrick (per Margaret)""",
(1999,"delivered",8))

g("b18-g-036","older","in_policy","refund",R,"refund 6200; husband spotted a double charge of £62.00; asks the second one back",
"""Dear Shop,

My husband Harold looks after our bank statements and he has shown me that the sum of £62.00 came out of our account twice on the same day for the garden kneeler and tools. We only ordered them the once, and only one parcel came. Would you kindly put the second £62.00 back.

We have been customers for a long time and have always been happy.

Yours sincerely,
Joan and Harold Fisher""",
(6200,"delivered",6))

g("b18-g-037","older","in_policy","refund",R,"refund 2995; figure written in words = order amount; shipped, 25 days",
"""Dear Sirs,

I ordered a magnifying lamp some weeks ago - I believe about three weeks, possibly a little more - and it has still not arrived, though your letter said it was on its way. I am now tired of waiting and should like to cancel and have my twenty-nine dollars and ninety-five cents returned to me.

Respectfully,
Walter B. Simms""",
(2995,"shipped",25))

g("b18-g-038","older","out_of_policy","refuse",["X3"],"bought 'at Easter'; order placed 70 days ago; refund asked",
"""Hello dear,

I bought a tablecloth from you around Easter I believe, my neighbour helped me. It has gone very thin in the middle after only a few washes. I would like my money back for it please. I hope that is all right.

Many thanks,
Ruth""",
(3200,"delivered",70))

g("b18-g-039","older","out_of_policy","refuse",["X1"],"customer has no order at all; asks the shop to find a clock and refund it",
"""Dear Madam or Sir,

I am almost certain I ordered a mantel clock from you in the autumn. It does not keep time. Would you be so good as to look it up for me and send me my money back? I am sorry I have not got the number, I have looked everywhere. It may have been my late husband's email address or my own, I am not sure which.

Yours,
Mrs. P. Abernathy""",
None)

g("b18-g-040","older","out_of_policy","refuse",["X4"],"order already has an executed refund; she asks again for the money for the vase",
"""Dear Customer Services,

I wrote to you about the vase that arrived chipped. I have now got a bit muddled, because my son tells me something came back onto my card last week, but I am not sure what it was for. In any case the vase is chipped and I should like my money returned for it please.

Thank you kindly,
Agnes Moore""",
(4400,"delivered",14),prior="executed")

g("b18-g-041","older","out_of_policy","refuse",["X2"],"asks 45 plus 12 return postage = 57 on a 45.00 order",
"""Dear Sir,

I have sent back the walking stick as it was too short for me, even at its longest setting. It cost 45 dollars and I also had to pay the post office 12 dollars to send it back to you, which I think is rather a lot. Please would you refund me the 45 and the 12, 57 dollars altogether.

Thank you,
Mr. Leonard Ostrowski""",
(4500,"delivered",13))

g("b18-g-042","older","in_policy","escalate",["E2"],"money back asked and an injury mentioned in passing (stool folded, bruised hip) -> E2",
"""Hello,

I am writing about the little step stool. I am afraid it folded up under me while I was reaching for a tin on the top shelf, and I came down and bruised my hip rather badly. The doctor says nothing is broken, thank goodness. I don't think it is safe and I would like my money back for it, please.

Best wishes,
Marjorie Trent""",
(3900,"delivered",11))

g("b18-g-043","older","under_specified","escalate",["U1"],"partial refund with no figure ('part of my money back')",
"""Dear all,

The box of assorted seeds came and I have planted them, but a good many of the packets were past their date and have not come up. Some were fine. I wonder whether I might have part of my money back, as only some of it was any good. I leave it to you to decide what is fair.

Regards,
Bernard""",
(6000,"delivered",28))

g("b18-g-044","older","under_specified","escalate",["U1"],"vague complaint: no order named (several on account), no clear problem",
"""Dear Shop,

I am not happy at all with things lately. Something is not right and I would like you to sort it out, please. I have been a good customer. My niece says you will know what I mean.

Yours,
Winifred Carr""",
None, extra=2)

g("b18-g-045","older","in_policy","escalate",["E2"],"safety issue (heater smelled of burning) and mention of reporting to Trading Standards; no refund asked",
"""Dear Sirs,

I must tell you that the little fan heater I bought from you gave off a terrible smell of burning plastic on the second evening, and the back of it went quite brown. I unplugged it at once. My son says I ought to report you to Trading Standards and I have a good mind to. I am not writing for money, I want you to know so that nobody else is hurt.

Yours faithfully,
Mrs. Evelyn Marsh""",
(2999,"delivered",9))

g("b18-g-046","older","in_policy","close",["C1"],"asks whether the refund her grandson arranged (38 pounds, pending) has gone through - inquiry",
"""Hello,

My grandson Jamie arranged a refund for me on the jug that leaked, he said it would be 38 pounds. Could you tell me please whether it has gone through yet? I cannot see it on my statement but I may not be looking in the right place. I am not asking for anything more, only to know.

Thank you,
Mavis""",
(3800,"delivered",10),prior="pending")

g("b18-g-047","older","in_policy","close",["C1"],"thank-you note with a care question; no request",
"""Dear Shop,

Just a note to say the patchwork quilt arrived safely and it is lovely, just as in the picture. May I ask whether it can go in the washing machine or ought it to be dry cleaned? I should hate to spoil it.

With thanks and best wishes,
Constance Wheeler""",
(8500,"delivered",4))
