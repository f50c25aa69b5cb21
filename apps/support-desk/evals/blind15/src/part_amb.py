from helpers import S
AMB = []
def M(body, cands, why, setup):
    AMB.append({"body": body, "candidate_labels": cands, "why_ambiguous": why, "setup": setup})
M("the cushion cover set came with one cover torn. id like half of it back, which is 40", 
  ["in_policy/refund 4000", "under_specified/escalate (U1)"],
  "A share with its amount named asks that amount, but half of the 60.00 order is 30.00, not 40 - the customer's figure and their own description disagree.",
  S(6000, "delivered", 6))
M("Hallo, the vase is broken in the box. Please refund the 7,450. Danke",
  ["in_policy/refund 7450", "out_of_policy/refuse (X2)", "under_specified/escalate (U1)"],
  "On a 74.50 order, '7,450' reads as 74.50 with a German decimal comma plus a stray digit, or as 7,450.00 with a thousands separator (an over-ask). It can't be read with certainty.",
  S(7450, "delivered", 8))
M("Charged me for the speaker but it's faulty. Refund the 60 or I'm doing a chargeback.",
  ["in_policy/refund 6000", "in_policy/escalate (E2)"],
  "A chargeback is a bank dispute, not a complaint to a regulator or a court; whether it counts as a 'legal threat' under E2 is a matter of reading.",
  S(6000, "delivered", 9))
M("hi, it says delivered but its not here?? if it doesnt turn up i want a refund",
  ["in_policy/close (C1)", "in_policy/refund 3500"],
  "A conditional refund request ('if it doesn't turn up'): an inquiry about where the parcel is, or already a request for the order amount.",
  S(3500, "delivered", 4))
M("Requesting a refund of around 500 on the bike, the frame is cracked.",
  ["under_specified/escalate (U1)", "in_policy/escalate (E1)"],
  "'Around 500' is an uncertain figure (U1), but the true amount could fall on either side of the 500.00 cap; both routes escalate but under different labels.",
  S(70000, "delivered", 10))
M("Am I able to get a refund on the lamp I bought? It's flickering.",
  ["in_policy/refund 4200", "in_policy/close (C1)"],
  "Phrased as a question about eligibility; it could be read as a refund request (order amount) or as a pure inquiry.",
  S(4200, "delivered", 5))
M("You charged me twice. Sort it.",
  ["in_policy/refund 2500", "under_specified/escalate (U1)"],
  "A duplicate charge is a request to take back the extra charge, but no order is linked and the customer has 2 orders of 25.00; it's unclear whether the double charge was on one order or was two real orders.",
  S(None, extra=2))
