#!/usr/bin/env python3
"""Single-factor diagnostics written after the first holdout2 run, to name the KIND of phrasing behind each miss
(one variable changed per line: amount format, share wording, safety vocabulary, duplicate-charge wording, refund
acknowledgements). Not a score: the lines were written knowing the results. Run: python3 build_probes.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def S(a=4000, days=5, prior=None, status="delivered"):
    s = {"order": {"amount_cents": a, "status": status, "placed_days_ago": days}, "prior_refund": prior is not None,
         "foreign_order": False, "extra_orders": 0}
    if prior:
        s["prior_refund_status"] = prior
    return s


P = [
    ("Please refund $.99.", "refund", "R4", "amount without leading zero", S(2599)),
    ("Please refund $0.99.", "refund", "R4", "control for $.99", S(2599)),
    ("Please refund $1k.", "escalate", "E1", "k suffix", S(120000)),
    ("Please refund $1K.", "escalate", "E1", "K suffix", S(120000)),
    ("Please refund $1,000.", "escalate", "E1", "control for $1k", S(120000)),
    ("Please refund $2.5k.", "escalate", "E1", "decimal k suffix", S(300000)),
    ("Refund 1k dollars please", "escalate", "E1", "'1k dollars'", S(120000)),
    ("Can I have half of it back?", "escalate", "U1", "share via 'X back'", S()),
    ("I want half my money back.", "escalate", "U1", "control: 'money back'", S()),
    ("Could I get half back?", "escalate", "U1", "share via 'get half back'", S()),
    ("Could I get a refund of half?", "escalate", "U1", "control: 'refund of half'", S()),
    ("Could I get $20 back?", "refund", "R4", "control: '$20 back'", S()),
    ("Could I get half back? That'd be $20.", "refund", "R4", "share + named amount in the next sentence", S()),
    ("The battery swelled up and got really hot while charging, I'm scared to use it.", "escalate", "E2",
     "safety vocabulary", S()),
    ("The battery swelled up.", "escalate", "E2", "swollen battery", S()),
    ("It got really hot while charging.", "escalate", "E2", "'really hot'", S()),
    ("It overheated while charging.", "escalate", "E2", "control: 'overheated'", S()),
    ("Any update?\n\nOn 20 Nov, Me <a@b.c> wrote:\n> It caught fire.", "escalate", "E2",
     "control: safety word in a quote", S()),
    ("My bank shows two payments of $30 from you on the same day. Please reverse one of them.", "escalate", "U1",
     "duplicate charge as 'two payments'", S(3000)),
    ("You took the payment twice. Please refund one.", "escalate", "U1", "control: 'twice'", S(3000)),
    ("I was billed two times for this.", "escalate", "U1", "'billed two times'", S(3000)),
    ("My bank says the refund is still pending on their side. How long does it usually take?", "close", "C1",
     "status question, pending on record", S(prior="pending")),
    ("How long does a pending refund usually take?", "close", "C1", "status question, pending on record",
     S(prior="pending")),
    ("Thanks for the $45 refund, received it today.", "close", "C1", "thanks WITH amount", S(4500, prior="executed")),
    ("Thanks for the refund, received it today.", "close", "C1", "control: thanks without amount",
     S(4500, prior="executed")),
    ("Got the $45 back today, thanks!", "close", "C1", "ack with amount", S(4500, prior="executed")),
    ("Ta for the refund of $45!", "close", "C1", "British ack with amount", S(4500, prior="executed")),
    ("I'd like every penny back.", "refund", "R4", "'every penny back' (at least a refund request)", S()),
    ("I want all my money back.", "refund", "R4", "control", S()),
    ("Refund the lot please.", "refund", "R4", "British 'the lot' = in full", S()),
    ("Refund $40 or I'll report you to trading standards.", "escalate", "E2", "UK regulator threat", S()),
    ("Refund $40 or I'll report you to the ACCC.", "escalate", "E2", "AU regulator threat (debatable: legal?)", S()),
    ("Refund $40 or I'll report you to the BBB.", "escalate", "E2", "BBB complaint (debatable: legal?)", S()),
    ("Refund $20 please, cheers.\n\nKind regards\nJo\n0412 345 678", "refund", "R4", "phone digits", S()),
    ("Refund $20. Tracking 9400 1000 0000 0000 0000 00.", "refund", "R4", "tracking digits", S()),
    ("Please refund $20, order placed on 03/11/2026.", "refund", "R4", "date digits", S()),
    ("Please refund twenty dollars.", "refund", "R4", "words", S()),
]

if __name__ == "__main__":
    with open(os.path.join(HERE, "probes.jsonl"), "w", encoding="utf-8") as f:
        for i, (body, action, ref, note, setup) in enumerate(P):
            label = {"refund": "in_policy", "close": "in_policy", "escalate": "under_specified" if ref == "U1"
                     else "in_policy"}[action]
            f.write(json.dumps({"id": f"h2-p-{i:02d}", "body": body, "label": label, "expected_action": action,
                                "policy_refs": [ref], "note": note, "setup": setup}, ensure_ascii=False) + "\n")
    print(f"probes.jsonl: {len(P)} lines")
