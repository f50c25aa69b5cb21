OV={
"b25-g-031":("forwarded","""
Please see my bank's message below. You took the money two times.

-----Original Message-----
From: Kundenservice Sparkasse
Sent: Mittwoch, 2. Dezember 08:14
Subject: Ihre Umsätze / your transactions

> 01.12.  SHOP ONLINE   -45,90 EUR
> 01.12.  SHOP ONLINE   -45,90 EUR

Please give back the double debit of 45,90. Danke, Anke Vogel"""),
"b25-g-046":("forwarded","""
Hi, my dad asked me to send this for him, his message below. - Wei

From: Li Jun
Sent: Sunday 20:11
To: Wei Li
Subject: cable

> Last month I buy the USB cable 16,8 dollar. Now it not charge my phone. Please ask shop to return money. Thank."""),
"b25-g-070":("forwarded","""
Hello, you write me that order is cancelled (see down) but money still is not back on my card. Please make the refund, 61 euro. Thank you so much

> From: Orders <orders@shop.example>
> Sent: 27 November
> Subject: Your order has been cancelled
> Dear customer, as requested your order has been cancelled. Kind regards, the Orders Team"""),
"b25-g-074":("forwarded","""
When will it come? The tracking below is not update since two days.

---------- Forwarded message ---------
From: Shipping <noreply@shop.example>
Subject: Your order is on its way!
> Great news — your order has shipped. Track it here: [link]
> Estimated delivery: 2-4 working days.

Ahmed"""),
"b25-g-054":("jargon","""
Ref: Warranty claim WC-4410 / Battery module
Status: unit not charging from day 1 (verified, diagnostics attached)
Action requested: refund of EUR 1 150,00 in respect of the battery supplied
Please action and confirm.
Regards, Fleet Services"""),
"b25-g-042":("jargon","""
Complaint Ref: PC/2211
Sub: Defective pressure cooker – request for refund
- Date of purchase: approx. two months back
- Issue: handle has become loose, unit unusable
- Request: refund of full amount 38/-
Kindly process and revert at the earliest. Do the needful."""),
"b25-g-071":("rambling","""
Hi, so I ordered the little desk fan on Monday thinking the heatwave forecast was right (it was not, it's been raining since, my tomatoes are drowning), and I can see it still hasn't even been sent out. Honestly I don't need it now, the weather's turned and my flatmate found her old one in the loft along with a box of about a hundred cassette tapes, which is a whole other story. Could you cancel it and refund me? Cheers, Ollie"""),
}
for r in rows:
    if r['id'] in OV:
        reg,body=OV[r['id']]
        r['body']=body.strip("\n")
        r['note']=r['note'].rsplit(" [register:",1)[0]+f" [register: {reg}]"
