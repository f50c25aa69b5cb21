import json, sys, re, collections
sys.path.insert(0,'.')
import g_refund, g_refuse, g_escalate, g_close, boundary, redteam, ambiguous
gen = g_refund.rows+g_refuse.rows+g_escalate.rows+g_close.rows
gen.sort(key=lambda r:r["id"])
bench = gen + boundary.rows
def w(path, rows):
    with open(path,'w') as f:
        for r in rows: f.write(json.dumps(r, ensure_ascii=False)+"\n")
w('../benchmark.jsonl', bench); w('../redteam.jsonl', redteam.rows); w('../ambiguous.jsonl', ambiguous.rows)
