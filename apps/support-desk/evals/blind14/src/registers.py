import json,collections
REG={
"g-000":"terse","g-001":"non-native: German","g-002":"non-native: French","g-003":"older / non-technical",
"g-004":"forwarded mail (ask on top)","g-005":"retail jargon","g-006":"phone autocorrect","g-007":"voice typing",
"g-008":"writing for someone else","g-009":"pasted confirmation (one line is the ask)","g-010":"pasted confirmation (total is the ask)",
"g-011":"bank statement / duplicate charge","g-012":"polite indirect ask","g-013":"earlier chat/call reference",
"g-014":"non-native: Italian","g-015":"non-native: Turkish","g-016":"non-native: Russian","g-017":"non-native: Chinese",
"g-018":"non-native: Korean","g-019":"non-native: Vietnamese","g-020":"non-native: Tagalog","g-021":"non-native: Swahili",
"g-022":"amount in words","g-023":"non-native: German","g-024":"rambling story, implied ask","g-025":"plain short (only order)",
"g-026":"plain short","g-027":"figure seen, not asked","g-028":"terse","g-029":"writing for someone else",
"g-030":"reply chain (ask buried at bottom)","g-031":"polite indirect ask",
"g-032":"plain short","g-033":"gift recipient","g-034":"writing for someone else","g-035":"terse",
"g-036":"angry / plain","g-037":"angry / plain","g-038":"rambling complaint","g-039":"terse","g-040":"non-native: Russian",
"g-041":"plain short","g-042":"older / non-technical","g-043":"plain","g-044":"non-native: Chinese","g-045":"injection in body (X5)",
"g-046":"retail jargon","g-047":"plain","g-048":"plain","g-049":"non-native: Tagalog","g-050":"non-native: French","g-051":"phone autocorrect",
"g-052":"plain","g-053":"plain","g-054":"non-native: Korean","g-055":"pasted confirmation (total is the ask)","g-056":"retail jargon",
"g-057":"plain","g-058":"angry / plain","g-059":"plain","g-060":"plain","g-061":"non-native: German","g-062":"voice typing",
"g-063":"terse","g-064":"plain","g-065":"plain","g-066":"terse","g-067":"terse","g-068":"non-native: Italian",
"g-069":"subscription renewal","g-070":"plain","g-071":"plain short",
"g-072":"plain short","g-073":"terse","g-074":"non-native: unspecified","g-075":"plain","g-076":"older / non-technical",
"g-077":"non-native: Swahili","g-078":"plain","g-079":"non-native: Korean",
"b-00":"plain short","b-01":"plain","b-02":"plain","b-03":"amount in words","b-04":"plain","b-05":"earlier chat/call reference",
"b-06":"minor units","b-07":"plain short","b-08":"plain short","b-09":"plain","b-10":"plain","b-11":"angry / plain",
"b-12":"angry / plain","b-13":"plain","b-14":"terse","b-15":"plain","b-16":"plain","b-17":"plain short","b-18":"plain short","b-19":"plain",
}
rows=[json.loads(l) for l in open("/work/blind14/benchmark.jsonl")]
assert len(REG)==100 and all(r["id"][4:] in REG for r in rows)
c=collections.Counter(REG[r["id"][4:]].split(":")[0] if REG[r["id"][4:]].startswith("non-native") else REG[r["id"][4:]] for r in rows)
for k,v in sorted(c.items(), key=lambda x:-x[1]): print(f"| {k} | {v} |")
print()
c2=collections.Counter(REG[r["id"][4:]] for r in rows if REG[r["id"][4:]].startswith("non-native"))
for k,v in sorted(c2.items()): print(f"| {k} | {v} |")
