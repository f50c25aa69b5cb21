from common import *
C = "chat"

T("b16-g-016", C, """
[14:02] Bot: Hi! I'm ShopBot. How can I help today?
[14:02] Customer: the rug i got has a big stain on it, order 205-31178
[14:03] Bot: Sorry to hear that! I can offer you a 10.00 voucher for your next purchase.
[14:03] Customer: no thanks I want money not a voucher
[14:04] Bot: I'll pass this to the team.
[14:04] Customer: fine. refund the rug please, it was 79.00
""", R5, "refund 7900; the bot's 10.00 voucher offer is refused; the customer asks the rug's price, which is the order amount; 10 days", S(7900, "delivered", 10), ask=7900)

T("b16-g-017", C, """
Pasting my chat from Saturday because nothing has happened since:

Agent Maria: Hello, this is Maria. I can see order 210-88431 for the garden hose reel, 64.95. What happened?
You: The crank handle broke off the first time I used it.
Agent Maria: I'm sorry. We could refund 20.00 if you keep it, or the full amount if you send it back.
You: I'll keep it, it still sort of works. The 20.00 is fine.
Agent Maria: Thanks, I'll raise that now.

So please process the 20.00 as agreed.
""", R5, "refund 2000; the customer accepts the agent's 20.00 partial offer and asks exactly that; the 64.95 is the agent quoting the price", S(6495, "delivered", 7), ask=2000)

T("b16-g-018", C, """
Exported chat transcript
[09:15] Customer: Hi I need to return a jacket
[09:15] Bot: Sure! Please give me the order number.
[09:16] Customer: 220-10594
[09:16] Bot: Thanks. This order was placed 38 days ago.
[09:16] Customer: yes I was travelling. It's unworn with the tags on. I just want the 120 back
[09:17] Bot: Let me connect you to an agent.
[09:25] Bot: All agents are busy. Your message has been saved.
""", ["X3"], "placed 38 days ago, past the window", S(12000, "delivered", 38), ask=12000)

T("b16-g-019", C, """
[17:45] Customer: not happy at all
[17:45] Bot: I'm sorry to hear that. What can I help with?
[17:46] Customer: everything. your stuff. the whole experience
[17:46] Bot: Could you tell me which order this is about?
[17:47] Customer: you figure it out, you're the ones with the computers
[17:47] Bot: I'll create a ticket for you.
""", ["U1"], "vague complaint: no order named (customer has 2 orders, none linked) and no problem stated clearly enough to act on", NOORD(extra=2), ask="NOREQ", flags=["U1"])

T("b16-g-020", C, """
Customer: This is the third time I'm contacting you about the dead air fryer. Order 240-39920.
Agent Sam: I understand, I can see your previous messages.
Customer: I've had enough. If the 149.99 isn't back in my account by Friday I'm reporting you to the consumer ombudsman.
Agent Sam: I'll escalate this.
""", ["E2"], "threat of a complaint to an ombudsman; the refund itself would be in policy (20 days) but E2 comes first", S(14999, "delivered", 20), ask=14999, flags=["E2"])

T("b16-g-021", C, """
[16:20] Bot: Your order 250-66702 total was £58.40. Which items had a problem?
[16:21] Customer: just the bath towels, theyre a completely different colour to the photo
[16:21] Bot: The bath towels were £22.00 (2 x £11.00). Would you like to return them?
[16:22] Customer: no i'll keep one for the dog lol. refund me for one towel, the £11
[16:22] Bot: Sorry, I didn't understand that. Would you like to speak to an agent?
""", R5, "refund 1100; one towel, customer names £11; bot figures (58.40, 22.00) are quotes, not the ask", S(5840, "delivered", 4), ask=1100)

T("b16-g-022", C, """
Agent Lucy: Hi, you're through to Lucy. How can I help?
Customer: The blender you sent is LOUD and the lid leaks. Order 260-12007.
Agent Lucy: I'm sorry to hear that. I can see it was 39.99.
Customer: Yes and I had to buy another one elsewhere which was 55. So I want 55 back from you, that's only fair.
Agent Lucy: I'll need to check with my team on that.
""", ["X2"], "asks 55.00 on a 39.99 order (cost of replacement bought elsewhere): over-ask", S(3999, "delivered", 9), ask=5500)

T("b16-g-023", C, """
[10:03] Customer: hello, Agent Priya told me last week a refund of 32.50 was done on order 270-48855 but I don't see it yet
[10:04] Bot: Refunds usually take 5-10 working days to appear.
[10:04] Customer: ok but can you confirm it actually went through? just want to be sure before i chase my bank
""", ["C1"], "asks about the state of a refund already executed; an inquiry, not a new request (not X4)", S(3250, "delivered", 16, prior="executed"), ask="NOREQ")

T("b16-g-024", C, """
Customer: Hi, order 280-30118. The socks multipack was missing two pairs.
Bot: I'm sorry! Each pair in this pack works out at 3.20.
Customer: ok so 6.40 please
Bot: Got it. Is there anything else?
Customer: no thats all
""", R5, "refund 640; two missing pairs, customer asks 6.40; order 16.00, 3 days", S(1600, "delivered", 3), ask=640)

T("b16-g-025", C, """
[13:11] Bot: Welcome back, Jonas! I see a refund of €35.00 was issued for order 290-51473 on 3 June.
[13:11] Customer: Yes, for the strap. But now the buckle has broken too. I want another €35.00 back.
[13:12] Bot: I'll pass that on.
""", ["X4"], "the order already has an executed refund; a second refund is refused", S(3500, "delivered", 18, prior="executed"), ask=3500)

T("b16-g-026", C, """
Agent Tomasz: Good afternoon! Is this about order 300-84026, the 65-inch TV?
Customer: yes. Dead pixels right across the middle. Not acceptable for a TV that cost $849.
Agent Tomasz: I'm very sorry. Would you like an exchange?
Customer: No. Full refund.
""", ["E1"], "full refund, no figure asked, so the order amount 849.00, over the cap; 6 days, delivered", S(84900, "delivered", 6), ask=None)

T("b16-g-027", C, """
[08:50] Customer: hi I ordered a birthday present that's now going to arrive after the party
[08:50] Bot: Your order 310-20961 was shipped 2 days ago and is on its way.
[08:51] Customer: yes i know. it's useless to me now. please refund the 24.99 and i'll refuse the parcel when it comes
""", R5, "refund 2499; shipped order (R1 holds for shipped), 4 days, asks the order amount", S(2499, "shipped", 4), ask=2499)

T("b16-g-028", C, """
Agent Noor: Hi there, how can I help?
Customer: I cancelled order 320-77308 on Tuesday and I still haven't had my money back. It was 61.30.
Agent Noor: I can see the order is cancelled.
Customer: right so where's my 61.30? please refund it
""", ["F1"], "refund asked on a cancelled order: no rule matches, escalate", S(6130, "cancelled", 6), ask=6130)

T("b16-g-029", C, """
Agent Ben: I can offer a full refund of 96.00 if you send the chair back.
Customer: honestly the chair's fine apart from the missing footrest cushion. I don't want to send it back. Can you just refund the cushion? It's listed at 18.50 on your site.
Agent Ben: Let me see what I can do.

-- I'm emailing because the chat dropped. Order 330-46620.
""", R5, "refund 1850; the customer declines the 96.00 offer and asks for the part, naming its price 18.50; 13 days", S(9600, "delivered", 13), ask=1850)

T("b16-g-030", C, """
[19:30] Customer: I need a refund for the speaker I bought last month
[19:30] Bot: I couldn't find any orders on this account. Did you use a different email?
[19:31] Customer: no this is my email. just refund me 45 dollars please
[19:31] Bot: Let me connect you to an agent.
""", ["X1"], "the customer has no order", NOORD(extra=0), ask=4500)

T("b16-g-031", C, """
Customer: one of my orders came with a broken item, I want a refund
Bot: I can help! Which order is it? You have 3 recent orders.
Customer: the one from last week
Bot: All 3 orders were placed in the last week. Could you give me the order number?
Customer: I don't have it on me, just sort it
""", ["U1"], "several candidate orders (3), none linked or named", NOORD(extra=3), ask=None)

# boundary, chat
T("b16-b-04", C, """
[12:00] Customer: Order 101-55873. Your colleague said on the 2nd that a refund had been started for the broken lamp.
[12:01] Bot: I can see a refund on this order with status: pending.
[12:01] Customer: It's been pending for two weeks. Has it actually been sent to my bank yet or not?
""", ["C1"], "prior-refund kind: asks about the state of a pending refund; an inquiry, no new request", S(3800, "delivered", 20, prior="pending"), ask="NOREQ")

T("b16-b-05", C, """
Agent Hannah: I see your earlier refund request on order 102-60419 was declined because we needed photos.
Customer: Yes, I've attached them now. The mirror is cracked across the corner.
Agent Hannah: Thanks, those are clear.
Customer: Great, so can I have the 52.00 back?
""", R5, "refund 5200; prior-refund kind: the earlier refund was rejected, which does not count; 12 days, order amount", S(5200, "delivered", 12, prior="rejected"), ask=5200)

T("b16-b-06", C, """
Customer: The keyboard on order 103-28850 has a sticky spacebar.
Bot: Your order total was 64.99. How can I help with this?
Customer: Refund 65.00 please, just round it up, I'm not fussed about the penny
""", ["X2"], "order-amount edge: asks 65.00 on a 64.99 order, one cent over; refused, not reduced", S(6499, "delivered", 5), ask=6500)

T("b16-b-07", C, """
Agent Kofi: I can offer 15.00 back as a goodwill gesture for the late delivery on order 104-91127.
Customer: The item was useless by the time it came, it was a costume for an event that's already passed. I'd like the full 64.99 back please, that's exactly what I paid.
Agent Kofi: I'll need to refer that.
""", R5, "refund 6499; order-amount edge: asks exactly the order amount, declining the agent's 15.00 offer", S(6499, "delivered", 2), ask=6499)
