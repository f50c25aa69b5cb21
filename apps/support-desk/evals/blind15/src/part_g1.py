# generated set, part 1: refunds
from helpers import S, T
G = []
REFS_R = ["R1","R2","R3","R4","R5"]
def R(reg, body, cents, why, setup):
    G.append(T(reg, body, "in_policy", "refund", REFS_R, f"refund {cents}; {why}", setup))

R("terse", "refund pls, never came", 3450, "no amount named -> order amount; shipped counts for R1", S(3450, "shipped", 12))
R("terse", "a tenner back for the broken mug pls", 1000, "'a tenner' = 10.00 of a 38.99 order", S(3899, "delivered", 4))
R("jargon", "Logging this as a damaged-in-transit case: unit arrived smashed, outer carton crushed. No RMA needed, customer (me) will dispose. Please issue a full refund and close the ticket. Thanks.", 2199, "full refund = order amount 21.99", S(2199, "delivered", 2))
R("terse", "charged twice for same order 19.99 each time", 1999, "duplicate charge -> take the extra 19.99 back", S(1999, "delivered", 7))
R("terse", "refund 4999 cents please", 4999, "minor units; 49.99 of a 75.00 order", S(7500, "delivered", 10))
R("forwarded", """Wrong size in the box (ordered 10, got 7). Money back please, not bothering with an exchange.

Regards
Kev

> ---------- Forwarded message ---------
> From: Orders <orders@shop.example>
> Subject: Your order has been delivered
> Hi Kevin, your parcel was delivered today. Need help? Just reply to this email.
>
> This message was sent from an unmonitored address. Please do not print this email unless necessary.""", 6400, "no amount -> order amount", S(6400, "delivered", 15))
R("terse", "lid missing off the pan, twenty quid back pls", 2000, "'twenty quid' = 20.00 of a 45.00 order", S(4500, "delivered", 9))

R("rambling", """Hi there,

So this is a bit of a long one, sorry in advance. My nan turned 90 last Saturday and the whole family chipped in and I was in charge of getting the present, which was the big blue glass vase from your spring range. I paid $80 for it which is a lot for me but she's worth it.

Anyway it came the Thursday before and I didn't open the box because it was all wrapped and I didn't want to ruin the wrapping (my sister does the wrapping, she's very particular). Nan opened it at the party in front of everyone and it was cracked right down the side. She was lovely about it but I was mortified honestly.

I don't really want a replacement because the moment's gone now, I'd just like my money back if that's ok. I've got photos of the crack if you need them, my cousin took loads.

Thanks so much and sorry again for the essay,
Debbie""", 8000, "'$80' is a price mentioned, not an amount asked; no amount asked -> order amount", S(8000, "delivered", 9))

R("rambling", """Hello,

I ordered the waxed jacket (the $60 one, olive, size M) a couple of weeks ago and I do love it, the fit is great and my wife says it's the best thing I've bought in years, which from her is high praise.

The only thing is the main zip split on the second wear. I had a look at it and I think I can get a tailor down the road to swap it, he quoted me something like that, so I'd rather not send the whole thing back and wait. Could you refund just $25 towards the zip? Then I'll keep the jacket and we're square.

If you need a photo of the zip let me know, it's pretty obvious.

Cheers,
Martin""", 2500, "'$60' is the price; the ask is $25", S(6000, "delivered", 13))

R("rambling", """Good morning,

I placed an order with three things in it: a tea towel set, the enamel bread bin and the blue electric kettle. The towels and the bread bin are perfect, no complaints at all, I actually want to order another bread bin for my daughter once this is sorted.

The kettle though doesn't switch on. I tried three different sockets and my neighbour's kettle works in all of them, so it is definitely the kettle. The kettle was €34,50 on the invoice. Can you just refund me the kettle, I'll keep the rest of course. I already threw the box away (sorry!) so I can't really send it back nicely.

By the way your delivery driver was lovely.

Kind regards,
Ingrid""", 3450, "part of the order with that part's price named: 34,50 (decimal comma) of a 92.70 order", S(9270, "delivered", 11))

R("rambling", """Hi,

I'm writing about the jigsaw I ordered as a present for my nephew. It was meant to be there for his party on the 14th, and the tracking said out for delivery for three days in a row, and then it just sort of... stopped. I rang the courier, they told me to contact you, you know how it is.

I went out and bought him something else in the end so the party was fine, no harm done really, he got a football and was thrilled. But I'd like the forty-nine ninety-nine back for the jigsaw please, I don't need it anymore even if it does turn up. If it does turn up I'll happily send it back, I don't want a free jigsaw.

Thanks for your help,
Priya""", 4999, "'forty-nine ninety-nine' in words = 49.99 = order amount; shipped order", S(4999, "shipped", 20))

R("rambling", """Hello,

I was going through my bank statement last night (new year's resolution, I'm finally doing a budget, don't laugh) and I noticed that your shop appears twice on the same day, both times for 27.40. I only placed one order, I'm certain of it because I only bought the one pair of running socks, and they came and they're fine.

I'm guessing the payment glitched because the page did freeze for a second when I pressed pay, and I pressed it again like an idiot. So my fault partly! But could you please put the extra one back?

Thanks a lot, and the socks really are great.
Tom""", 2740, "duplicate charge -> refund the extra 27.40", S(2740, "delivered", 3))

R("rambling", """hi, so I've only ever ordered from you once, it was the little ceramic planter set, and I'm afraid they didn't survive the trip, two of the three are in bits and the third has a chip in the rim.

I'm not going to bother sending back the pieces, honestly there's not much left to send, the box looked like someone had sat on it. My partner says I should ask for a replacement but I'd rather just have a refund, I'll find something at the garden centre.

Hope that's ok. I've been looking forward to these for ages, such a shame.

Lou""", 2500, "no order linked, customer's only order (extra_orders=1, 25.00) identified; no amount -> order amount", S(None, extra=1))

R("rambling", """Dear team,

I have been a customer for I think four years now and this is the first time I have ever had to write in, so please bear with me.

The dinner set arrived with two of the six side plates broken. The rest is fine and honestly I love the pattern. I thought about it and I think the fair thing is half of it back, so $17.50, because the side plates are the only bit I really need in a hurry and I'll have to buy them separately somewhere.

Sorry if this is a strange request, I'm not sure how you normally do these things. I can send the broken bits back if you need them but they are quite sharp.

Best,
Margaret""", 1750, "a share with its amount named ('half ... so $17.50') asks that amount", S(3500, "delivered", 5))

R("non_native", "Olá, I receive the shoes yesterday but the sole is descolando, is completely open in front. I want the refund of 59,90 please. Obrigado, Thiago", 5990, "Portuguese speaker; 59,90 decimal comma = order amount", S(5990, "delivered", 4))
R("non_native", "Dzień dobry. I am ordered lamp to my desk, lamp is come but not working, I am check the bulb also. Please give me back money, 45,00. Thank you, Kasia", 4500, "Polish speaker; 45,00 = order amount", S(4500, "delivered", 6))
R("non_native", "Sorry for trouble. The cup which I bought was broken when arrived, handle was separate. Other items are OK. Please refund of cup only, cup price is 18.00 USD. Yoroshiku onegaishimasu. Sato", 1800, "Japanese speaker; part of order with that part's price named", S(5200, "delivered", 8))
R("non_native", "Hola, the package arrive but is missing the charger of the speaker, only cable is inside. I want you return me 15 dolares for the charger please, the speaker I keep. Gracias!!", 1500, "Spanish speaker; 15 of an 89.99 order", S(8999, "delivered", 3))
R("non_native", "Halo kak, I already receive the bag but color is different from the picture, in picture is cream but I get yellow. I want refund full ya. Terima kasih banyak", 3275, "Indonesian speaker; 'refund full' -> order amount", S(3275, "delivered", 11))
R("non_native", "Respected Sir/Madam, kindly do the needful. Product received in damaged condition only, box also torn. Please refund the full amount of 23.50 at the earliest. Thanking you, R. Sharma", 2350, "Hindi speaker register; 23.50 = order amount", S(2350, "delivered", 7))
R("non_native", "Hello ka, I order 2 t-shirt but receive only 1 shirt in the bag. Please refund one shirt 14.99 na ka. Khob khun ka", 1499, "Thai speaker; one item's price named = amount asked", S(2998, "delivered", 10))

R("forwarded", """This never arrived, tracking hasn't moved in two weeks. Refund please.

---------- Forwarded message ---------
From: Orders <orders@shop.example>
Date: 14 days ago
Subject: Your order has shipped!

Good news! Your order is on its way.
Carrier: ParcelLine  Tracking: PL88210934GB
Order total: $64.00

Thanks for shopping with us.""", 6400, "no amount asked ('Order total' in the quoted mail is a price) -> order amount; shipped", S(6400, "shipped", 18))

R("forwarded", """See below, you took it twice. Please put the second one back.

Sent from my iPhone

Begin forwarded message:
> From: Northgate Bank Alerts <alerts@northgate-bank.example>
> Subject: Card transactions
>
> Card ending 4471
> SHOP.EXAMPLE ONLINE   GBP 32.99
> SHOP.EXAMPLE ONLINE   GBP 32.99
>
> If you don't recognise a transaction, contact us.
> This is an automated message, please do not reply.""", 3299, "duplicate charge from a bank alert -> refund the extra 32.99", S(3299, "delivered", 6))

R("forwarded", """The base unit alone is 40 dollars on your site, refund that and I'll keep the jug and blades, they're fine.

On Tue, Support <help@shop.example> wrote:
> Hi Sam,
> We're sorry to hear the blender arrived damaged. Please reply with the amount
> you would like refunded and we'll take a look.
> Kind regards,
> Jess, Customer Care""", 4000, "quotes the shop's reply; part of the order with its price named (40) of a 119.99 order", S(11999, "delivered", 9))

R("forwarded", """it was NOT at my door. neighbours havent seen it either. refund the 39.99 pls

-----Original Message-----
From: QuickDrop Notifications <noreply@quickdrop.example>
Subject: Your parcel has been delivered
Your parcel was delivered at 14:02 and left at: FRONT DOOR.
Photo on delivery: not available.
Rate your driver: ★★★★★""", 3999, "courier notice forwarded; 39.99 = order amount; status delivered within window", S(3999, "delivered", 8))

R("forwarded", """Hi, return arrived at your end as per the email below, so please can you process my refund of £74.50 now.
Thanks
Alan

---------- Forwarded message ---------
From: Returns Team <returns@shop.example>
Subject: We've received your return
Hi Alan, your return has arrived at our warehouse and will be inspected shortly.
Returns reference: RT-55102""", 7450, "£74.50 = order amount", S(7450, "delivered", 19))

R("forwarded", """Please refund EUR 120.00 for the chair, one of the legs was cracked on arrival (photos attached).

Regards,
Dr. Lena Vogt
Praxis Vogt | Allgemeinmedizin
Tel. +49 30 5550 1212

This e-mail and any attachments are confidential and intended solely for the addressee. If you have received this e-mail in error, please notify the sender and delete it. Any unauthorised use, disclosure or copying is prohibited.""", 12000, "signature+disclaimer; EUR 120.00 = order amount", S(12000, "delivered", 14))

R("jargon", """Hi team, raising a ticket on this one. Item was DOA - powers on, then nothing. Requesting a full refund to original payment method per your T&Cs. No need to escalate, straightforward case. Thanks""", 15999, "'escalate' is jargon, not a rule; full refund -> order amount 159.99", S(15999, "delivered", 9))
R("jargon", """I work in retail myself so I know how this goes - no need for an RMA, the item's a write-off (scratched face on the watch). Just process a partial refund of USD 30 as a goodwill gesture and we can mark this resolved.""", 3000, "USD 30 of a 99.00 order", S(9900, "delivered", 12))
R("jargon", """Duplicate auth captured twice on my card: 58.00 x2, same timestamp. Please reverse the duplicate capture. Would rather not go down the chargeback route.""", 5800, "duplicate charge -> 58.00 back; 'chargeback' mentioned, not a legal threat (see EXAMINER.md)", S(5800, "delivered", 4))
R("jargon", """Following up on ref 88213-B. Item returned per your RMA process, carrier confirms delivered to your DC on Monday. Please action the refund of 4,599 cents and update the ticket.""", 4599, "'4,599 cents' = 4599 minor units with thousands separator", S(4599, "delivered", 22))
R("jargon", """CSAT-wise this has been a 1/10, honestly. Parcel arrived crushed, contents unusable. Please process a refund of the full order value and close the ticket. Ta.""", 27500, "'full order value' -> 275.00, under cap", S(27500, "delivered", 21))
