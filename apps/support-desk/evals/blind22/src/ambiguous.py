from common import S

AMB = []


def B(body, setup, candidates, why, reg):
    AMB.append({"body": body.strip("\n"), "setup": setup, "candidate_labels": candidates,
                "why_ambiguous": why, "register": reg})


B("Refund it or I'm doing a chargeback. 34.99, order 5512, doesn't fit.",
  S(3499, "delivered", 6),
  ["in_policy/refund (refund 3499)", "in_policy/escalate (E2)"],
  "Is a chargeback threat a legal threat? It goes to the card issuer, not a court or regulator. "
  "E2 lists lawyers, regulators and ombudsmen; a chargeback is a payment dispute.", "terse")
B("""Hi, I paid $80 for this lamp and it flickers non-stop. I'd like my money back.""",
  S(7500, "delivered", 9),
  ["in_policy/refund (refund 7500)", "out_of_policy/refuse (X2)"],
  "'I paid $80' is a price mention (not an ask), but it is above the 75.00 order amount; one reading is "
  "'refund my 80' (X2), the other is a no-figure request -> the order amount.", "rambling")
B("""If I send the kettle back, will I get the 45.00 back or only store credit?""",
  S(4500, "delivered", 10),
  ["in_policy/close (C1)", "in_policy/refund (refund 4500)"],
  "A conditional question containing the refund amount: inquiry about the process, or an implied request?",
  "terse")
B("""Good morning, the glass top of the coffee table arrived shattered inside the box. I'd like a refund of the 129.00 please.""",
  S(12900, "delivered", 4),
  ["in_policy/refund (refund 12900)", "in_policy/escalate (E2)"],
  "Shattered glass is a potential safety issue but no danger or injury is claimed.", "non-native")
B("""Your email says my refund of 30.00 was made on the 20th but it's not on my statement. Please send it.""",
  S(3000, "delivered", 20, prior="executed"),
  ["in_policy/close (C1)", "out_of_policy/refuse (X4)"],
  "Asking about a refund's state is an inquiry, but 'please send it' reads as a new request on an executed refund.",
  "forwarded")
B("""Please refund 2 x 12,99 for the two mugs that came broken, the other 4 are ok.""",
  S(7794, "delivered", 7),
  ["in_policy/refund (refund 2598)", "under_specified/escalate (U1)"],
  "The amount is a computation the customer did not total; arguably certain (25,98), arguably not a stated figure.",
  "non-native")
B("""I'd like 20 back, or if that's too much then 15 is fine honestly, just something for the trouble.""",
  S(5000, "delivered", 5),
  ["under_specified/escalate (U1)", "in_policy/refund (refund 2000)"],
  "A first figure with a fallback: alternative figures (U1), or a clear ask of 20 with a concession?", "rambling")
