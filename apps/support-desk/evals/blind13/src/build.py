import json, sys
sys.path.insert(0, "/work/blind13/src")
import gen_refund, gen_rest, boundary
rows = gen_refund.X + gen_rest.X + boundary.X
with open("/work/blind13/benchmark.jsonl","w") as f:
    for r in rows: f.write(json.dumps(r, ensure_ascii=False)+"\n")
print(len(rows))
