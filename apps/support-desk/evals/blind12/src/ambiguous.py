from common import S
rows = []
def Z(n, body, cands, why, setup):
    rows.append({"id": "b12-amb-%02d" % n, "body": body, "candidate_labels": cands, "why_ambiguous": why, "setup": setup})
Z(0, "can i get like half back on the lamp? 35 i guess?? idk what's fair",
  ["in_policy/refund 3500", "under_specified/escalate"],
  "A share with an amount named normally asks that amount, but '35 i guess?? idk' hedges the figure so it may not be readable with certainty.",
  S(7000, "delivered", 8))
Z(1, "I've already opened a dispute with my card issuer over this order, but if you refund the 45.00 now I'll withdraw it.",
  ["in_policy/refund 4500", "in_policy/escalate (E2)"],
  "A card dispute already in progress is not obviously a 'legal threat' or regulator complaint, yet paying while a chargeback is open risks paying twice; a human might be wanted.",
  S(4500, "delivered", 10))
Z(2, "the phone charger gets really hot, like too hot to hold. not using it again. refund the 19.99 pls",
  ["in_policy/refund 1999", "in_policy/escalate (E2)"],
  "'Too hot to hold' may be a safety report (E2) or just a defect description; no fire, smoke or injury is mentioned.",
  S(1999, "delivered", 5))
Z(3, "Is it possible to get a refund for the rug? It sheds everywhere.",
  ["in_policy/close (C1)", "in_policy/refund 8800"],
  "Phrased as a question about possibility, so it could be read as a pure inquiry; most readers would treat it as a refund request for the linked order.",
  S(8800, "delivered", 12))
Z(4, "Wrong colour, refund 30 quid please.",
  ["in_policy/refund 3000", "under_specified/escalate"],
  "Amounts are in the order's currency, which the ticket fixture does not state; if the order is not in GBP, 'quid' would need a conversion the policy does not cover.",
  S(4000, "delivered", 6))
Z(5, "you charged my card twice for this one, please take the extra charge back",
  ["out_of_policy/refuse (X4)", "in_policy/refund"],
  "The order already has an executed refund, which may have been the reversal of the very duplicate being reported; X4 applies literally, but the facts may not show a second payout.",
  S(3300, "delivered", 9, prior="executed"))
