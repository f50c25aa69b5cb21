# ---------------- THREAD (generated) ----------------
g("b18-g-016","thread","in_policy","refund",R,"refund 5490; customer drops the exchange and asks to be refunded, no new figure -> order amount (the shop's quoted 54.90)",
"""Fine, forget the exchange. Just refund me please.

Anja

Sent from my iPhone

> On Tue, 4 Nov 2026 at 10:12, Support <help@shop.example> wrote:
> Hi Anja, sorry the dress came up small. The size M is back in stock on the 28th. We can either
> send you the M when it lands, or refund your order (EUR 54.90) once the parcel is back with us.
> Which would you prefer?
>
>> On Mon, 3 Nov 2026, Anja K. wrote:
>> The S is too small across the shoulders. Can I swap it?""",
(5490,"delivered",11))

g("b18-g-017","thread","in_policy","refund",R,"refund 7900; first message asked 30 off, latest message changes to the full 79.00 with a return",
"""Actually, scratch what I said below. I've thought about it and I don't want to keep a chair that wobbles even with a discount. I'll send it back - please refund the full 79.00.

Thanks,
Martin

-----Original Message-----
From: Martin Doyle
Sent: 05 November 2026 21:40
Subject: Wobbly chair

Hi, the desk chair I got has one leg shorter than the others. Would you take $30 off and I'll keep it and put a shim under it?""",
(7900,"delivered",9))

g("b18-g-018","thread","in_policy","refund",R,"refund 1840; double charge, £18.40 taken twice, asks the extra one back",
"""Hello again,

Screenshot attached - as you can see there are TWO debits of £18.40 on the 2nd, same reference. I only placed one order and have only received one candle set. Please return the duplicate £18.40.

Regards
Helen Prior

> From: Shop Support
> We can't see a second charge on our side. Could you send a screenshot of your statement?""",
(1840,"delivered",6))

g("b18-g-019","thread","in_policy","refund",R,"refund 2500; customer accepts the shop's offered 25.00 partial refund for the scratch",
"""OK, I'll accept the $25 partial refund you offered and keep the table. Please go ahead.

Priya

On Wed, Nov 5, 2026 at 3:02 PM Customer Care <care@shop.example> wrote:
> Hi Priya,
> Thank you for the photos. We're sorry about the scratch on the tabletop.
> We can offer a partial refund of $25.00 and you keep the table, or a full
> refund of $89.00 on return. Let us know which you'd prefer.
> Kind regards, Jo""",
(8900,"delivered",6))

g("b18-g-020","thread","in_policy","refund",R,"refund 3499; terse follow-up, shipped 18 days, asks 34.99 = order amount",
"""Still nothing. 18 days. I want my money back for order 5521-B. 34.99.

Sent from my iPhone

> On 29 Oct, Support wrote:
> Your order has shipped! Track it here: [link]""",
(3499,"shipped",18))

g("b18-g-021","thread","in_policy","refund",R,"refund 1500; price mentioned (60), asks only the 15 price drop back",
"""Hi there -

Following up on my message from Saturday. To be clear, I'm NOT returning the jacket, I like it. It was $60 when I bought it and it's $45 on your site this week, so I'm asking for the $15 difference back, like your price promise page says.

Best,
Sam

> Sam wrote (Sat):
> I just saw the jacket I bought last week has dropped in price...""",
(6000,"delivered",5))

g("b18-g-022","thread","in_policy","refund",R,"refund 4250; decimal comma, answers the shop's question with 42,50 EUR for the lampshade only",
"""Guten Tag / hello,

the amount is 42,50 EUR - only for the lamp shade which was crushed. The base and the bulbs are fine, I keep them.

Mit freundlichen Grüßen
Jörg Bauer

Am 03.11.2026 schrieb Kundenservice:
> Please confirm the amount you'd like refunded and which items are affected.""",
(9800,"delivered",8))

g("b18-g-023","thread","out_of_policy","refuse",["X1"],"linked order belongs to another customer (her sister's account)",
"""Hi,

Re-sending as I haven't heard back. The order is #88412 - it's under my sister's account because she had the discount code, but it was my money and my coat. It's faulty (zip broke day one). Please refund the 159.99 to me.

Lucy

> On 2 Nov, Lucy wrote:
> My coat's zip broke, order 88412, refund please""",
(15999,"delivered",7),foreign=True)

g("b18-g-024","thread","out_of_policy","refuse",["X2"],"shop offered 35; customer asks double, 70, on a 35.00 order - over-ask refused",
"""$35?? That's insulting after three weeks of emails. I want DOUBLE. $70 back for the trouble, or I'm done with you.

> From: Support
> Hi Carl, we're sorry the part was missing. We've approved a refund of $35.00,
> the full price of the order. Please reply to confirm.""",
(3500,"delivered",10))

g("b18-g-025","thread","out_of_policy","refuse",["X3"],"order placed 40 days ago; refund asked now",
"""Hi, I'd like to return the rain boots and get my money back. They've started letting water in at the heel.

Thanks, Graham

> Order confirmation - placed 40 days ago
> 1 x Wellington boot, green, size 9 .... 38.00""",
(3800,"delivered",40))

g("b18-g-026","thread","in_policy","escalate",["E2"],"in-window refund request but customer says she has filed with the consumer ombudsman -> E2 before refund",
"""I have now filed a complaint with the consumer ombudsman, reference attached. I still expect my 59.99 back for the speaker that arrived without a charger.

Dana Whitfield

On Thu, 6 Nov, Support wrote:
> Hi Dana, we're looking into it and will reply within 48 hours.""",
(5999,"delivered",12))

g("b18-g-027","thread","under_specified","escalate",["U1"],"alternative figures: $10 or maybe $15",
"""Thanks for getting back to me. Honestly I don't know what's fair - refund me $10 or maybe $15 for the dented tin? Whatever you think. The biscuits inside were fine.

> Support wrote:
> Sorry about the tin! How much would you like refunded?""",
(3000,"delivered",4))

g("b18-g-028","thread","under_specified","escalate",["U1"],"several orders, none linked or named",
"""Hi,
one of my orders from last week came with a torn bag, stuff everywhere. Refund please.
Sent from Outlook for Android

> Your orders this month: 4 orders, view in your account""",
None, extra=4)

g("b18-g-029","thread","in_policy","escalate",["E1"],"asks $1,249.00 (thousands separator) = order amount, over the cap",
"""Hello,

Following your reply below, I'd like to go with the refund option rather than the repair. Please refund the full $1,249.00 once the courier has collected the espresso machine.

Regards,
Kwame Mensah

> On Fri, 7 Nov 2026, Support wrote:
> We can arrange a repair under warranty or a refund on return. Please let us know.""",
(124900,"delivered",10))

g("b18-g-030","thread","in_policy","close",["C1"],"thanks for a refund already made (27.50) - not a new request",
"""Got the refund of 27.50 this morning, thanks so much for sorting it so fast!

Ella

> Support wrote:
> We've processed your refund of 27.50. It should show in 3-5 working days.""",
(2750,"delivered",9),prior="executed")

g("b18-g-031","thread","in_policy","close",["C1"],"question containing a figure (15 postage) before deciding; no refund asked",
"""Before I decide whether to send it back at all - would the 15 dollars I paid for postage be refunded too, or only the item? I'm not returning anything yet, just want to know.

Tom

> Support wrote:
> Returns are accepted within 30 days.""",
(7500,"delivered",5))
