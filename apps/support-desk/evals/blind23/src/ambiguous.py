AMB = []


def a(body, setup, cands, why):
    AMB.append({"body": body.strip(), "setup": setup, "candidate_labels": cands, "why_ambiguous": why})


def o(amt, status="delivered", days=5, prior=None, foreign=False, extra=0):
    s = {"order": {"amount_cents": amt, "status": status, "placed_days_ago": days}, "prior_refund": prior is not None}
    if prior:
        s["prior_refund_status"] = prior
    s["foreign_order"] = foreign
    s["extra_orders"] = extra
    return s


a("""the $60 jacket in my order has a ripped seam, refund for it please. the jeans are fine""",
  o(9500),
  ["in_policy/refund 9500", "in_policy/refund 6000", "under_specified/escalate"],
  "The policy says a price mentioned is not an amount asked, which gives the order's amount (95.00); but the customer clearly wants only the jacket back, so 60.00 is the natural reading.")
a("""If this isn't refunded by Monday I'm doing a chargeback. 42.00 for the broken clock.""",
  o(4200),
  ["in_policy/refund 4200", "in_policy/escalate (E2)"],
  "A chargeback is a bank dispute, not clearly a legal threat or a regulator complaint; it may or may not count as E2.")
a("""my mate's a lawyer and he reckons you lot are on thin ice. want the 30 quid back for the torn bag""",
  o(3000),
  ["in_policy/refund 3000", "in_policy/escalate (E2)"],
  "Mentions a lawyer without actually threatening action; unclear whether this is a legal threat.")
a("""not happy with this order. sort it out.""",
  o(5500),
  ["under_specified/escalate (U1)", "in_policy/close (C1)"],
  "The order is linked, so the order is known, but neither a problem nor a request is stated; no refund is asked, so it could be a bare complaint to close or a vague complaint to escalate.")
a("""the phone charger gets a bit warm when it's charging, is that normal? otherwise works""",
  o(1999),
  ["in_policy/close (C1)", "in_policy/escalate (E2)"],
  "A question about warmth may or may not be a safety report.")
a("""please refund the lamp minus whatever your restocking fee is""",
  o(4000),
  ["under_specified/escalate (U1)", "in_policy/refund 4000"],
  "A partial refund with no figure stated, but it is derivable from the shop's own fee, which the desk cannot see.")
a("""you charged me 31.20 twice, but my order was 26.00 plus shipping, so take one 31.20 off""",
  o(2600),
  ["out_of_policy/refuse (X2)", "in_policy/refund 2600", "under_specified/escalate"],
  "A duplicate charge whose figure (31.20) exceeds the order amount on record (26.00); X2 strictly, but the charge may include shipping the order record omits.")
