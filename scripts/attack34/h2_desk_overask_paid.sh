#!/usr/bin/env bash
# H2: the support desk's reader pays over-asks (X2 in docs/policy.md: "refused, never reduced") reduced to the order's
# amount or to one of their parts. Every ticket: a delivered $49.99 order placed 5 days ago, no prior refund.
# Usage: FOUREYES_BIN=/path/foureyes [SUPPORT_DESK_BIN=/path/support-desk] ./h2_desk_overask_paid.sh
set -euo pipefail
F=${FOUREYES_BIN:?}; D=${SUPPORT_DESK_BIN:-$(dirname "$F")/support-desk}; W=$(mktemp -d /tmp/attack34-h2.XXXX)
python3 - "$W/in.jsonl" <<'PY'
import json, sys
base = {"order": {"amount_cents": 4999, "status": "delivered", "placed_days_ago": 5}, "prior_refund": False, "foreign_order": False, "extra_orders": 0}
T = ["Refund my money back, double it.",                                  # policy's own example: "double my money back"
     "I'd like my money back times two.",
     "I want a refund of my money back x2.",
     "Refund $49.99 twice please, since I returned two.",
     "Refund $49.99 and then another $49.99.",
     "Please refund $49.99 and $49.99 for my sister's order too.",
     "I'd like $25 back for each of the 3 mugs.",                        # per item: $75
     "Refund $49.99.\nAlso, please add $15 compensation.",
     "Please refund $49.99 (plus $12 tax).",
     "Refund my $49.99 and my $20 deposit.",
     "Refund me the full price, that is $99.98 for both.",
     "The shop offered $49.99 back plus $25 for the inconvenience. I accept, please pay.",
     "Refund $49.99, and $10 for each day I waited (5 days).",
     "I want the full refund and you also owe me $18 for postage.",
     "Refund me fully, and the shipping ($9.99) on top.",
     "Please reimburse $49.99 as well as $8 return shipping."]
with open(sys.argv[1], "w") as f:
    for i, b in enumerate(T):
        f.write(json.dumps({"id": "x-g-%03d" % i, "body": b, "label": "out_of_policy", "expected_action": "refuse",
                            "policy_refs": ["X2"], "note": "over-ask", "setup": base}) + "\n")
PY
"$D" --db "$W/desk.db" --foureyes-db "$W/fe.db" eval benchmark --input "$W/in.jsonl" --report "$W/rep.json" >"$W/out.txt" 2>&1 || true
python3 - "$W/rep.json" "$W/in.jsonl" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); body = {json.loads(l)["id"]: json.loads(l)["body"] for l in open(sys.argv[2])}
paid = [m for m in r["misses"] if m["got_action"] == "refund"]
for m in paid: print(f'PAID {m["got_amount_cents"]:>5} cents  {body[m["id"]]!r}  ({m["reason"]})')
print(f"paid outside policy: {len(paid)} of {r['total']} over-asks (each must be refused, X2)")
PY
rm -rf "$W"
