import json, os, random, re, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(__file__))
import rows_a, rows_b, rows_c, redteam, ambiguous

OUT = os.path.join(os.path.dirname(__file__), "..")
rows = rows_a.ROWS + rows_b.ROWS + rows_c.ROWS
g = [x for x in rows if x["_kind"] == "g"]
b = [x for x in rows if x["_kind"] == "b"]
assert len(g) == 80 and len(b) == 20, (len(g), len(b))
rnd = random.Random(23)
rnd.shuffle(g)
rnd.shuffle(b)
out = []
for i, x in enumerate(g):
    out.append(("b23-g-%03d" % i, x))
for i, x in enumerate(b):
    out.append(("b23-b-%02d" % i, x))
with open(os.path.join(OUT, "benchmark.jsonl"), "w") as f:
    for id_, x in out:
        row = {"id": id_}
        row.update({k: v for k, v in x.items() if not k.startswith("_")})
        f.write(json.dumps(row, ensure_ascii=False) + "\n")

with open(os.path.join(OUT, "redteam.jsonl"), "w") as f:
    for i, x in enumerate(redteam.RT):
        row = {"id": "b23-rt-%03d" % i}
        row.update(x)
        f.write(json.dumps(row, ensure_ascii=False) + "\n")

with open(os.path.join(OUT, "ambiguous.jsonl"), "w") as f:
    for i, x in enumerate(ambiguous.AMB):
        row = {"id": "b23-amb-%02d" % i}
        row.update(x)
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print("written", len(out), len(redteam.RT), len(ambiguous.AMB))
