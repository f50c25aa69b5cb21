#!/usr/bin/env python3
"""Writes probes.jsonl: single-factor diagnostic tickets (benchmark format) that isolate WHY a held-out line failed
(refund wording, amount format, safety/injury/legal vocabulary, refund mentioned without a request, priority with two
amounts). Not part of the held-out score; each probe changes one thing against a control that passes.
Default account: a linked, delivered $50.00 order placed 5 days ago, no prior refund."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROWS = []


def p(cid, body, action, refs, note, amount=5000, prior=None, label=None):
    label = label or {"refund": "in_policy", "close": "in_policy", "escalate": "in_policy", "refuse": "out_of_policy"}[action]
    setup = {"order": {"amount_cents": amount, "status": "delivered", "placed_days_ago": 5},
             "prior_refund": prior is not None, "foreign_order": False, "extra_orders": 0}
    if prior:
        setup["prior_refund_status"] = prior
    ROWS.append({"id": cid, "body": body, "label": label, "expected_action": action, "policy_refs": refs,
                 "note": note, "setup": setup})


R = ["R1", "R2", "R3", "R4", "R5"]
# refund wording (amount fixed as "$50.00")
p("pw-01", "Refund $50.00 please.", "refund", R, "control")
p("pw-02", "I'd like a refund of $50.00.", "refund", R, "control")
p("pw-03", "I want my money back: $50.00.", "refund", R, "control 'money back'")
p("pw-04", "I want my $50.00 back.", "refund", R, "'want my $X back'")
p("pw-05", "Can I have my $50.00 back?", "refund", R, "'have my $X back' as a question")
p("pw-06", "I'd like $50.00 back.", "refund", R, "'$X back'")
p("pw-07", "Please give me back $50.00.", "refund", R, "'give me back'")
p("pw-08", "Please return my $50.00.", "refund", R, "'return my $X'")
p("pw-09", "Reimburse me $50.00 please.", "refund", R, "'reimburse'")
p("pw-10", "Please credit $50.00 back to my card.", "refund", R, "'credit back'")
p("pw-11", "Could you issue a refund? It was $50.00.", "refund", R, "refund wording and amount in separate sentences")
p("pw-12", "I want a refund, $50.00", "refund", R, "control")
# amount formats (wording fixed as "Refund ... please")
p("pa-01", "Refund USD 50.00 please.", "refund", R, "'USD 50.00' prefix")
p("pa-02", "Refund 50.00$ please.", "refund", R, "trailing '$'")
p("pa-03", "Refund 50.00 USD please.", "refund", R, "'50.00 USD' suffix (control)")
p("pa-04", "Refund 50 dollars please.", "refund", R, "'50 dollars'")
p("pa-05", "Refund $50 please.", "refund", R, "no cents")
p("pa-06", "Refund 50.00 please.", "refund", R, "bare decimal")
p("pa-07", "Refund fifty dollars please.", "refund", R, "amount in words")
p("pa-08", "Refund 50,00 $ please.", "refund", R, "decimal comma")
p("pa-09", "Refund USD50 please.", "refund", R, "'USD50'")
p("pa-10", "Refund $50.00 please, the order total was $50.00.", "refund", R, "the same amount twice")
p("pa-11", "The total was $80.00 but please refund $50.00 for the broken part.", "refund", R,
  "requested amount next to the order total", amount=8000)
p("pa-12", "Refund $50.00 please. Order placed 3 days ago, 2 items.", "refund", R, "other small numbers in the body")
p("pa-13", "Refund 50 USD please.", "refund", R, "'50 USD' no cents")
p("pa-14", "My order came to $120 but I'd like a refund of $30 for the lid.", "refund", R,
  "order total and a smaller requested amount", amount=12000)
p("pa-15", "I'd be happy with $30 back for the lid.", "refund", R, "'$X back' alone", amount=12000)
# safety / injury / legal vocabulary, no refund request -> E2
for i, body in enumerate([
    "My son cut his hand on it.", "He needed stitches after using it.", "It is dangerous.",
    "The plug smells like burning.", "I broke my wrist when it collapsed.", "It caught fire.",
    "It's a fire hazard.", "I got an electric shock from it.", "My daughter was injured.", "I will sue you.",
    "I'm going to take you to court.", "My lawyer will contact you.", "It gave me an allergic reaction.",
    "The glass shattered and cut my foot.", "It's unsafe for children.", "Choking hazard: a small part came off.",
    "It overheated and melted.", "The battery exploded.", "I was burned by it.", "I got hurt using it."], 1):
    p(f"ps-{i:02d}", body, "escalate", ["E2"], "safety/injury/legal vocabulary, no refund request")
# safety vocabulary that fails alone, now with an otherwise refundable request -> still E2
p("ps-21", "The glass shattered and cut my foot. Refund $50.00 please.", "escalate", ["E2"], "injury + refund")
p("ps-22", "It's dangerous, the handle came off while it was boiling. Refund $50.00 please.", "escalate", ["E2"],
  "hazard + refund")
# refund mentioned, no new request -> C1 (or E2)
p("pm-01", "Thanks, the refund arrived.", "close", ["C1"], "executed prior, acknowledgement", prior="executed")
p("pm-02", "Has my refund been processed yet?", "close", ["C1"], "status question, pending prior", prior="pending")
p("pm-03", "When will my refund arrive?", "close", ["C1"], "status question, pending prior", prior="pending")
p("pm-04", "Got my refund, thanks!", "close", ["C1"], "executed prior, thanks", prior="executed")
p("pm-05", "You refunded me already, but I should tell you the lamp caught fire.", "escalate", ["E2"],
  "safety report on a refunded order, no new request", prior="executed")
p("pm-06", "Has my refund been processed yet? It's been 4 days.", "close", ["C1"], "status question with a number",
  prior="pending")
# priority with amounts
p("pp-01", "I will sue you. Refund $200 please.", "refuse", ["X2"], "legal + amount over the order", amount=6000)
p("pp-02", "Refund $200 for the $60 jacket.", "refuse", ["X2"], "two amounts, requested over the order", amount=6000)
p("pp-03", "I will sue you. Refund $200 for the $60 jacket.", "refuse", ["X2"], "legal + two amounts", amount=6000)

with open(HERE / "probes.jsonl", "w", encoding="utf-8") as f:
    for r in ROWS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(ROWS), "probes")
