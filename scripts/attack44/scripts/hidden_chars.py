#!/usr/bin/env python3
# Which characters a terminal hides or renders as nothing does `decide --agent/--session/--request-id` accept?
import subprocess, os, sys, shutil
F="/work/attack44/foureyes"; os.environ["FOUREYES_POLICY"]="/work/attack44/scripts/policy.yaml"
W="/tmp/attack44/hc"; shutil.rmtree(W, ignore_errors=True); os.makedirs(W); os.chdir(W)
cands=[0x200B,0x2028,0x2029,0x00AD,0x034F,0x115F,0x1160,0x3164,0xFFA0,0x2800,0x180E,0x061C,0xFE0F,0xFE00,0xE0041,0xE0001,0xE007F,
       0x1D173,0x1D17A,0x2061,0x2064,0xFEFF,0x200E,0x206A,0x206F,0x1BCA0,0x1BCA3,0x13430,0x0600,0xFFF9,0xFFFB,0x17B4,0x17B5,0x2060,0x0085,0x0080,
       0x1680,0x2000,0x200A,0x3000,0x00A0,0x202F,0x205F,0x2066,0x2069,0x202E,0x0B9A+0,0xE0020,0x1F3FB,0x0332,0x0336,0x20E3,0x0F0B,0x16FE4,0x1D159,0x110BD,0x8,0x7F,0xFFFC,0x2062]
field=sys.argv[1] if len(sys.argv)>1 else "agent"
acc=[]
for i,c in enumerate(cands):
    s="ab"+chr(c)+"c"
    args=[F,"--db","H.db","decide","--action","t.read","--params",'{"n":1}']
    if field=="agent": args+=["--agent",s,"--request-id",f"q{i}"]
    elif field=="session": args+=["--agent","bot","--session",s,"--request-id",f"s{i}"]
    elif field=="request": args+=["--agent","bot","--request-id",s]
    elif field=="target": args+=["--agent","bot","--target",s,"--request-id",f"t{i}"]
    p=subprocess.run(args,capture_output=True)
    if p.returncode==0: acc.append(f"U+{c:04X}")
    elif p.returncode not in (2,3): print(f"U+{c:04X}: rc={p.returncode} {p.stderr[:200]!r}")
print(field, "accepted (exit 0):", " ".join(acc))
