#!/usr/bin/env python3
"""Exploratory probes written AFTER the first blind run, to characterise the phrasing that failed. Not blind; not part of the score. Writes probe.jsonl next to this file."""
import os, sys
sys.stdout = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe.jsonl"), "w")
import json
def c(i,b,a,order,prior=None):
    s={"order":order,"prior_refund":prior is not None,"foreign_order":False,"extra_orders":0}
    if prior: s["prior_refund_status"]=prior
    print(json.dumps({"id":i,"body":b,"label":{"refund":"in_policy","refuse":"out_of_policy"}[a],"expected_action":a,"policy_refs":[],"note":"","setup":s}))
o=lambda a,d=5:{"amount_cents":a,"status":"delivered","placed_days_ago":d}
c("p01","Can I have a refund of $30 please?","refund",o(5000))
c("p02","Could I get a refund please? It broke.","refuse",o(5000,31))
c("p03","Can I get a refund?","refuse",o(5000,45))
c("p04","Can I have my money back please?","refuse",o(5000,31))
c("p05","May I have a refund please?","refuse",o(5000,31))
c("p06","Can you refund me please?","refuse",o(5000,31))
c("p07","gimme my $20 back","refund",o(5000))
c("p08","give me back $20","refund",o(5000))
c("p09","send back fifty dollars","refund",o(5000))
c("p10","I want fifty dollars back","refund",o(5000))
c("p11","gimme back $50","refund",o(5000))
c("p12","give me back fifty dollars","refund",o(5000))
c("p13","Pay me back $20 please","refund",o(5000))
c("p14","I'd like the $20 back on my card","refund",o(5000))
c("p15","Could you refund twenty bucks?","refund",o(5000))
c("p16","refund $20 bucks","refund",o(5000))
c("p17","Refund 20 bucks pls","refund",o(5000))
c("p18","Would a refund be possible? I'm past 30 days I think.","refuse",o(5000,40))
c("p19","Want my cash back, $20","refund",o(5000))
c("p20","Please refund twenty dollars and fifty cents","refund",o(5000))
# safety phrasing (added after the t08 miss): refund asked on an otherwise refundable order, so only E2 escalates
for i, b in enumerate(["The glass panel exploded while cooking. Refund $30.", "It caught fire on the counter. Refund $30.",
                       "There's a burning smell and fumes coming out of it. Refund $30.", "I cut my hand badly on the broken blade. Refund $30.",
                       "The screen shattered in my hand. Refund $30.", "It burst into flames. Refund $30.",
                       "My kid got electrocuted touching it. Refund $30.", "It overheated and scorched the table. Refund $30.",
                       "The pressure cooker lid blew off. Refund $30.", "It's a fire hazard honestly. Refund $30."]):
    s = {"order": o(5000), "prior_refund": False, "foreign_order": False, "extra_orders": 0}
    print(json.dumps({"id": f"q{i:02d}", "body": b, "label": "in_policy", "expected_action": "escalate", "policy_refs": ["E2"], "note": "safety phrasing probe", "setup": s}))
