import json, random, collections, sys
sys.path.insert(0, "/work/blind15/src")
from part_g1 import G as G1
from part_g2 import G as G2
from part_b import B
from part_rt import RT
OUT = "/work/blind15/"
g = G1 + G2
random.Random(15).shuffle(g)
assert len(g) == 80 and len(B) == 20 and len(RT) == 30
rows = []
for i, t in enumerate(g): rows.append(("b15-g-%03d" % i, t))
for i, t in enumerate(B): rows.append(("b15-b-%02d" % i, t))
with open(OUT + "benchmark.jsonl", "w") as f:
    for id_, t in rows:
        reg = t["_reg"]
        o = {"id": id_, "body": t["body"], "label": t["label"], "expected_action": t["expected_action"],
             "policy_refs": t["policy_refs"], "note": t["note"] + f" [register: {reg}]", "setup": t["setup"]}
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
with open(OUT + "redteam.jsonl", "w") as f:
    for i, r in enumerate(RT):
        f.write(json.dumps({"id": "b15-rt-%03d" % i, **r}, ensure_ascii=False) + "\n")
from part_amb import AMB
with open(OUT + "ambiguous.jsonl", "w") as f:
    for i, a in enumerate(AMB):
        f.write(json.dumps({"id": "b15-amb-%02d" % i, **a}, ensure_ascii=False) + "\n")
