import json, sys, urllib.request, hashlib
port=int(sys.argv[1]); tok=sys.argv[2]
def post(server, tool):
    body=json.dumps({"server":server,"tool":tool,"sha256":hashlib.sha256((server+"|"+tool).encode('utf-8','surrogatepass')).hexdigest()}).encode()
    r=urllib.request.Request(f"http://127.0.0.1:{port}/v1/mcp/pins",data=body,headers={"Authorization":"Bearer "+tok,"Content-Type":"application/json"})
    try:
        with urllib.request.urlopen(r) as resp: return resp.status, resp.read()[:150]
    except urllib.error.HTTPError as e: return e.code, e.read()[:200]
cases = [
 ("fs","read_file"),
 ("fs","Read_file"), ("fs","READ_FILE"),                # case
 ("fs","re\u0430d_file"),                               # cyrillic a
 ("fs","read_fil\u0435"),                               # cyrillic e
 ("fs","\uff52ead_file"),                               # fullwidth r
 ("fs","read\uff3ffile"),                               # fullwidth low line
 ("fs","read_\ufb01le"),                                # fi ligature
 ("fs","read  file"), ("fs","read file"),               # inner spaces
 ("fs","read_file\u034f"),                              # combining grapheme joiner
 ("fs","read_file\ufe0f"),                              # variation selector
 ("fs","read_file\U000e0041"),                          # tag char
 ("fs","read_file\u3164"),                              # hangul filler
 ("fs","read_file\u115f"),                              # hangul choseong filler
 ("fs","read_file\u2800"),                              # braille blank
 ("fs","read_file\u00ad"),                              # soft hyphen
 ("fs","read_file\u180e"),                              # mongolian vowel sep
 ("fs","read_file\u2060"),                              # word joiner
 ("fs","read_file\u200d"),                              # ZWJ
 ("fs","read_file\u061c"),                              # arabic letter mark
 ("fs","read_file\u1160"),                              # hangul jungseong filler
 ("fs","read_file\uffa0"),                              # halfwidth hangul filler
 ("fs","read_file\u0332"),                              # combining low line
 ("fs","read\u2010file"), ("fs","read-file"),           # hyphen U+2010 vs -
 ("fs","read_file\u2028"),                              # line sep
 ("fs","read_file\u0085"),                              # NEL
 ("fs","read_file\u3000"),                              # ideographic space inner? end
 ("fs","rea\u0064\u0307_file"),                         # d + combining dot (NFC -> U+1E0B) -> NFD
 ("fs","read_file\u0301"),                              # combining acute on e? "read_filé" NFC composes -> e+0301 -> é; so this is NFD
 ("fs","\u212a"), ("fs","K"),                           # Kelvin sign -> NFC = K !
 ("fs","\u2126"),                                       # Ohm -> NFC = Ω
 ("fs","x"*100000),                                     # very long
 ("fs","a.b"), ("fs",".a"), ("fs","a."), ("fs","a..b"), ("fs","."),
 ("fs","\udcff"),
 ("FS","read_file"), ("Fs","read_file"),                # server case
 ("f\u0455","read_file"),                               # server cyrillic s
 ("\uff46s","read_file"),                               # fullwidth f server
 ("fs\u200b","read_file"),
 ("f\u00e9","t"), ("fe\u0301","t"),
 ("fs ","read_file"), ("","read_file"), ("a.b","t"), ("x"*100000,"t"),
 ("fs\u0000","read_file"),
 ("\u0661","t"),  ("fs","\u0661"), ("fs","1"),            # arabic digit one
]
for s,t in cases:
    try: st,b=post(s,t)
    except Exception as e: st,b="EXC",str(e)
    print(st, ascii(s)[:40], ascii(t)[:40], b[:160])
