#!/usr/bin/env python3
"""mem1 (issue 19): from a soak_faults.py table, what each round added between minute FROM and minute TO: RssAnon
bytes, table bytes (`foureyes_door_memory_table_bytes`), and entries of each part held.

  python3 scripts/mem1/per_round.py TABLE FROM TO"""
import sys

rows = {}
head = None
for line in open(sys.argv[1]):
    if line.startswith("min |"):
        head = [c.strip() for c in line.split("|")]
        parts = head[-1].split()
    elif line[:1] != "#" and "|" in line:
        cells = [c.strip() for c in line.split("|")]
        rows[int(cells[0])] = cells
a, b = rows[int(sys.argv[2])], rows[int(sys.argv[3])]
rounds = int(b[1]) - int(a[1])
anon = (int(b[5]) - int(a[5])) * 1024
table = int(b[8]) - int(a[8])
print(f"minutes {sys.argv[2]}..{sys.argv[3]}: {rounds} rounds; RssAnon {int(a[5]) // 1024} -> {int(b[5]) // 1024} MiB, "
      f"{anon / rounds:.0f} B per round; table bytes {table / rounds:.0f} B per round")
held = dict(zip(parts, zip(a[9].split(), b[9].split())))
print("entries held per round: " + ", ".join(
    f"{k} {(int(y) - int(x)) / rounds:.2f}" for k, (x, y) in held.items() if x != "-" and int(y) != int(x)))
