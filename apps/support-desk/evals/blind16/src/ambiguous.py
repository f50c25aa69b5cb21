import json, sys
sys.path.insert(0, ".")
from common import S, NOORD
AM = []
def Q(body, cands, why, setup, reg):
    AM.append({"id": f"b16-amb-{len(AM):02d}", "body": body.strip("\n"), "candidate_labels": cands,
               "why_ambiguous": why, "setup": setup, "register": reg})

Q("""
Great, ANOTHER "refund" that never came. You told me on the 3rd that the 27.00 for order 105-50391 was "being processed". Still nothing. I'm sick of chasing you. Refund it. Today.
""", ["in_policy/refund 2700", "in_policy/close"],
 "The earlier refund is pending (does not count for X4), and 'Refund it. Today.' is worded as a request; but the customer is chasing the same refund, which the policy calls an inquiry about the state of a refund. Paying it would likely double-pay.",
 S(2700, "delivered", 17, prior="pending"), "angry")

Q("""
Order number: 360-22104
Reason for contact: Item damaged
Requested resolution: Refund
Amount: 30.00
Message: One of the two cushion covers has a torn seam. Please refund the 25 for that one.
""", ["in_policy/refund 2500", "under_specified/escalate"],
 "The Amount field (30.00) and the message (25) contradict. The message is more specific, but the two figures can be read as alternatives (U1).",
 S(5500, "delivered", 6), "web-form")

Q("""
Agent Ruth: I can refund 12.00 for the scratched frame on order 371-40982, or 30.00 if you send it back.
Customer: ok whatever, fine
Agent Ruth: Which option would you like?
Customer: just do it
""", ["in_policy/refund 1200", "under_specified/escalate"],
 "The customer accepts 'it' without choosing between the agent's two offers; the keep-it option (12.00) is the likely reading, but the amount is not settled.",
 S(3000, "delivered", 5), "chat")

Q("""
If this isn't sorted by Monday I'm doing a chargeback through my bank and you can explain it to them. Order 382-11930, the mixer is DOA. Refund the 74.00.
""", ["in_policy/refund 7400", "in_policy/escalate (E2)"],
 "A chargeback threat is a dispute through the bank, not clearly a legal threat or a regulator complaint; the policy doesn't say which it is.",
 S(7400, "delivered", 9), "angry")

Q("""
the charger from 393-50214 gets really hot like too hot to hold after 10 min 😬 just refund it pls
""", ["in_policy/refund", "in_policy/escalate (E2)"],
 "'Too hot to hold' may or may not be a safety report; no injury, no fire, no damage mentioned.",
 S(1999, "delivered", 7), "mobile")

Q("""
hey its been like 6 weeks but can i still get a refund on the sandals from 404-71554?? they were 35
""", ["out_of_policy/refuse (X3)", "in_policy/close"],
 "Phrased as a question about eligibility; it can be read as a refund request (refused, X3) or a pure inquiry (close).",
 S(3500, "delivered", 42), "mobile")

Q("""
PO 6620 / order 415-09377. Of the 5 identical storage crates supplied, 3 arrived cracked. Please credit the 3 damaged crates.
Procurement, Alder Schools Trust
""", ["in_policy/refund 3000", "under_specified/escalate"],
 "The share can be computed (3/5 of 50.00 = 30.00) only by assuming equal unit prices; no figure is named for that part.",
 S(5000, "delivered", 4), "business")

with open("../ambiguous.jsonl", "w") as f:
    for r in AM: f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(AM))
