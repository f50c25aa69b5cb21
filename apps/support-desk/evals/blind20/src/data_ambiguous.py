from common import S


def M(body, candidates, why, setup, reg):
    return {"body": body.strip("\n"), "candidate_labels": candidates, "why_ambiguous": why,
            "setup": setup, "register": reg}


AMBIGUOUS = [
M("""pls cancel my order, ordered the wrong size by mistake""",
  ["in_policy/escalate (F1: account action needed, no rule fits)", "in_policy/close (C1: no refund asked)"],
  "order only 'paid'; a cancellation is neither a refund request nor a pure inquiry needing no account action",
  S(3400, "paid", 1), "terse"),
M("""Hi, I cancelled order 77120 last week, when will my refund arrive?""",
  ["in_policy/close (C1: asks the state of a refund)", "in_policy/escalate (F1: implicit refund on a cancelled order, no refund on record)"],
  "phrased as a status question, but there is no refund on the account to report on",
  S(5200, "cancelled", 8), "terse"),
M("""The little side lamp I got from you, it was about 20 quid, is broken. Can I have a refund?""",
  ["in_policy/refund 1999 (approximate price mentioned, no amount asked -> order amount)", "under_specified/escalate (U1: 'about' figure)"],
  "'about 20 quid' is a price mention, not an ask, but a desk may read it as an uncertain figure",
  S(1999, "delivered", 6), "rambling"),
M("""One of the two table lamps (24,99 each) arrived with a broken base. Please refund.""",
  ["in_policy/refund 2499 (share with its price named)", "in_policy/refund 4998 (price mentioned is not an ask; no figure -> order amount)"],
  "the policy says both 'a price mentioned is not an amount asked' and 'a share with its amount named asks that amount'",
  S(4998, "delivered", 7), "non-native"),
M("""The coffee machine leaks water out of the base onto the worktop right next to the socket every time. Refund
please, 129.00.""",
  ["in_policy/refund 12900", "in_policy/escalate (E2: possible electrical safety problem)"],
  "a water leak next to a socket may or may not be a 'safety problem' in the sense of E2",
  S(12900, "delivered", 10), "rambling"),
M("""Kindly credit 20% of the invoice value as a goodwill adjustment for late delivery.""",
  ["under_specified/escalate (U1: share without a figure)", "in_policy/refund 1200 (20% of 60.00 is computable)"],
  "a percentage is a share without a named figure, yet exactly computable from the order amount",
  S(6000, "delivered", 12), "jargon"),
M("""If this isn't refunded I'll be reporting you to my bank's fraud team. Refund the 45.00.""",
  ["in_policy/escalate (E2: complaint to an outside body)", "in_policy/refund 4500 (a bank is neither a regulator nor an ombudsman)"],
  "a report to a bank is a complaint to a third party but not obviously a legal/regulatory threat",
  S(4500, "delivered", 9), "terse"),
]
