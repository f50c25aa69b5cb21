#!/usr/bin/env python3
"""For candidate code points, an agent defers payments.send with payee "ACME<c>Ltd"; the CLI's `approvals show` output
is checked for a marker (\\u{..} escape or a U+ name). Usage: FOUREYES_BIN=... hidden_cli_probe.py DB PORT AGENT_TOKEN"""
import json,os,subprocess,sys,urllib.request,time
F=os.environ["FOUREYES_BIN"]; DB,PORT,BOT=sys.argv[1],int(sys.argv[2]),sys.argv[3]
cands=[int(x,16) for x in os.environ.get("CANDS","").split()] or [0x115F,0x1160,0x3164,0xFFA0,0x2800,0x1D159,0x1D173,0x1D17A,0xE0001,0xE0020,0x13430,0x1343F,0x13440,0x13455,0x1BCA0,0x1BCA3,0x180E,0x2061,0x2064,0x061C,0xFEFF,0x034F,0x17B4,0x17B5,0x180B,0x180F,0xFE0F,0xE0100,0xE01EF,0x0378,0xFDD0,0xFFFE,0x1D455,0x3000,0x2028,0x0085,0x0080,0x009F,0x00A0,0x2007,0x202F,0x205F,0x200B,0x2060,0x206F,0x2066,0x1680,0xFFF9,0xFFFB,0xFFFC,0xFFFD,0x1D1E9,0x10FFFD,0xF8FF,0x0600,0x0605,0x06DD,0x070F,0x0890,0x0891,0x08E2,0x110BD,0x110CD,0x1D15A,0x2065,0xE007F,0x16FE4,0x00AD,0x1F3FB,0xD7FC,0xFFF0,0x3097,0x1D165,0x1D16D,0x1D16E,0x1D172,0x1CF00,0x1CF42,0x0E33,0x1171E,0x2E3A,0x3031,0x0F7F,0x1FFFE,0x31EF,0x2FFC,0x1B00,0x0CF3,0x0D00,0xA8FF,0x10D4E,0x1E5FF]
tag=str(int(time.time())); unmarked=[]; marked=0
for c in cands:
    body={"request_id":f"hid{tag}-{c:X}","action":"payments.send","params":{"amount_eur":1,"payee":f"ACME{chr(c)}Ltd"}}
    r=urllib.request.Request(f"http://127.0.0.1:{PORT}/v1/decide",data=json.dumps(body).encode(),headers={"Authorization":"Bearer "+BOT,"Content-Type":"application/json"})
    try:
        with urllib.request.urlopen(r) as f: d=json.loads(f.read())
    except urllib.error.HTTPError as e: d=json.loads(e.read())
    aid=d.get("approval_id")
    if not aid: print(f"U+{c:04X}: no approval ({d.get('verdict')} {str(d.get('reason') or d.get('error'))[:80]})"); continue
    out=subprocess.run([F,"--db",DB,"approvals","show",str(aid)],capture_output=True,text=True).stdout
    line=[l for l in out.splitlines() if "payee" in l]
    raw=f"ACME{chr(c)}Ltd" in out
    if raw: unmarked.append(c); print(f"U+{c:04X}: UNMARKED  {line[:1]}")
    else: marked+=1
print(f"marked {marked}, unmarked {len(unmarked)}:", " ".join(f"U+{c:04X}" for c in unmarked))
