from common import *
M = "mobile"

T("b16-g-048", M, """
hi order 600-30781 the phone case came cracked 😩 can i get my money back pls
its the clear one
thx
""", R5, "refund 1499; no figure, so the order amount; 2 days", S(1499, "delivered", 2), ask=None)

T("b16-g-049", M, """
Hello comma I'm writing about order 610 dash 44392 full stop The lampshade arrived dented full stop Please refund fourteen pounds fifty for the shade only full stop Thank you
""", R5, "refund 1450; voice dictation, amount in words ('fourteen pounds fifty') for the shade only; order 42.00, 8 days", S(4200, "delivered", 8), ask=1450)

T("b16-g-050", M, """
hey so i know its been a while lol but the sandals from order 620-71554 broke the strap 😭 pls refund them, they were 35
""", ["X3"], "refund asked on an order placed 33 days ago", S(3500, "delivered", 33), ask=None)

T("b16-g-051", M, """
the duvet from 630-20866 is way thinner than the pic tbh
not sending it back its huge
can u refund like half of it
""", ["U1"], "partial refund with no figure ('half of it')", S(6800, "delivered", 6), ask="U")

T("b16-g-052", M, """
just saw the refund for 640-59203 land in my account 🙌 thank u so much that was quick!!
""", ["C1"], "thanks for a refund already made: inquiry/acknowledgement, not X4", S(2999, "delivered", 12, prior="executed"), ask="NOREQ")

T("b16-g-053", M, """
Hi order 650-08127 the toaster dosnt brown both sides only the left slot works
Can I have a refund of 29.99 Pease
Sorry autocorrect *please
""", R5, "refund 2999; typo'd but clear ask of 29.99 = order amount; 14 days", S(2999, "delivered", 14), ask=2999)

T("b16-g-054", M, """
ordr 660-62714 headphones r rubbish
left side keeps cutting out
want fourty nine ninety nine back
""", R5, "refund 4999; amount in (misspelt) words = 49.99, the order amount; 5 days", S(4999, "delivered", 5), ask=4999)

T("b16-g-055", M, """
Um I think I got charged twice?? 2 payments of 18.40 for order 670-33591 on my banking app 🤔 pls refund one of them
""", R5, "refund 1840; duplicate charge of 18.40 reported; shipped order, 1 day", S(1840, "shipped", 1), ask=1840)

T("b16-g-056", M, """
the baby monitor from order 680-77240 is sparking when i plug it in!!! ive unplugged it. is it safe?? what do i do
""", ["E2"], "safety report (sparking device), no refund request", S(5499, "delivered", 10), ask="NOREQ", flags=["E2"])

T("b16-g-057", M, """
order 690-14083
the seeds never came
just the pots
seeds were 450p on the receipt
refund that pls
""", R5, "refund 450; several short messages; the seeds' price given in pence (450p) is the part asked; order 21.50, 12 days", S(2150, "delivered", 12), ask=450)

T("b16-g-058", M, """
hiya, got another problem w order 700-46695 😅 the other shoe is falling apart now too. can u refund me again? 42.00
""", ["X4"], "'refund me again': the order already has an executed refund", S(4200, "delivered", 21, prior="executed"), ask=4200)

T("b16-g-059", M, """
Order 710-52218 laptop screen flickers constantly 😡
Ive tried everything
I want a refund of the 599
""", ["E1"], "asks 599.00 = order amount, over the cap; 7 days", S(59900, "delivered", 7), ask=59900)

T("b16-g-060", M, """
i dont have the order number sorry its the only order on my account. the mug came chipped. refund pls
""", R5, "refund 2500; no link, but the customer's only order (25.00, delivered, 5 days); no figure, so its amount", NOORD(extra=1), ask=None)

T("b16-g-061", M, """
hello i want refund for the dress it doesnt fit 🙁 i paid 49.90
""", ["X1"], "the customer has no order on the account", NOORD(extra=0), ask=None)

T("b16-g-062", M, """
quick q - if i return the 2nd cushion from order 730-30058 do i get the 12.50 back or is it store credit? havent decided yet
""", ["C1"], "a question containing a figure; no refund requested yet", S(2500, "delivered", 9), ask="NOREQ")

T("b16-g-063", M, """
hallo, order 740-81164 🙂 the blue yarn is a completely different shade from the photo, id like 8,40€ back for the 2 balls of blue pls, keeping the rest
""", R5, "refund 840; decimal comma 8,40€ for part of the order; order 33.60, 6 days", S(3360, "delivered", 6), ask=840)

# boundary, mobile
T("b16-b-12", M, """
just ordered 109-12058 this morning n its already showing delivered?? locker next door. opened it and its the wrong colour 🙄 refund pls 22.50
""", R5, "refund 2250; window edge: placed 0 days ago; asks the order amount", S(2250, "delivered", 0), ask=2250)

T("b16-b-13", M, """
order 110-69341 came broken 💔 want the full price back plus the 4.99 i paid to post it back to u
""", ["X2"], "order-amount edge: the full price (29.99) plus 4.99 postage = 34.98 on a 29.99 order; over-ask", S(2999, "delivered", 8), ask=3498)

T("b16-b-14", M, """
my tv from 111-40872 died 😭😭 its like 5 weeks old. need the 649 back
""", ["X3"], "precedence: over the cap (E1) but placed 36 days ago; X3 comes first", S(64900, "delivered", 36), ask=64900)

T("b16-b-15", M, """
got the 14.99 back for 112-27719 ty!! 🙏 does that mean i can still use my welcome code on a new order or is it gone
""", ["C1"], "prior-refund kind: thanks for an executed refund plus a question; no new request, so not X4", S(1499, "delivered", 10, prior="executed"), ask="NOREQ")
