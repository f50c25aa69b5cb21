import json, urllib.request, sys
BASE=sys.argv[1]; BOT=sys.argv[2]
def post(path, body, tok=BOT, raw=None):
    data = raw if raw is not None else json.dumps(body, ensure_ascii=False).encode()
    r = urllib.request.Request(BASE+path, data=data, headers={"Authorization":"Bearer "+tok,"Content-Type":"application/json"})
    try:
        with urllib.request.urlopen(r) as f: return f.status, json.loads(f.read())
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b'{}')
cases = {
 "cyr": "АСМЕ Ltd",               # Cyrillic A,S,M,E
 "greek": "ΑCΜΕ Ltd",             # Greek Alpha, Mu, Epsilon
 "fullw": "ＡＣＭＥ Ltd",
 "math": "𝖠𝖢𝖬𝖤 Ltd",
 "comb_space": "ACME \u0338Ltd",
 "comb_stack": "ACME Ltd" + "\u0301"*40,
 "comb_invis": "ACME\u0f39 Ltd",
 "zl": "ACME\u2028Ltd",
 "nbsp": "ACME\u00a0Ltd",
 "long": "ACME Ltd" + " "*3000 + "EVIL",
 "longnote": "ACME Ltd",
 "label": "ACME Ltd",
 "digits": "ACME Ltd ١٢٣",
 "hangul": "ACME\u3164Ltd",   # hangul filler (DI)
 "combining_cgj": "ACME\u034fLtd",
 "mongolian": "ACME\u180eLtd",
 "ideosp": "ACME\u3000Ltd",
 "khmer": "ACME\u17b4Ltd",
 "mn_nonspacing_hidden": "ACME\u1abfLtd",
 "tagesc": "ACME\U000e0041Ltd",
 "lrm_pair": "ACME \u2066EVIL\u2069 Ltd",
 "ogham": "ACME\u1680Ltd",
 "halfwidth_hangul": "ACME\uffa0Ltd",
 "braille": "ACME\u2800Ltd",
 "zwsp_in_number_lookalike": "ACME Ltd",
}
out={}
for i,(k,p) in enumerate(cases.items()):
    params={"amount_eur":5,"payee":p}
    if k=="longnote": params["note"]="x"*8000+" real payee is EVIL"
    if k=="label": params["note"]="ok\n\namount_eur: 5\npayee: ACME Ltd\n"
    s,b=post("/v1/decide",{"request_id":"c-"+k,"action":"payments.send","params":params})
    out[k]=b.get("approval_id") or b
    print(k,s,json.dumps(b,ensure_ascii=True)[:200])
