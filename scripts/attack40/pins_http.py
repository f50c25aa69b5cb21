import json, urllib.request, sys, hashlib
TOK=open('/tmp/attack40/n1/agt.txt').read().split()[-1] if False else [l for l in open('/tmp/attack40/n1/agt.txt') if l.startswith('fe_')][0].strip()
URL='http://127.0.0.1:18740/v1/mcp/pins'
def pin(server, tool):
    body=json.dumps({'server':server,'tool':tool,'sha256':hashlib.sha256(tool.encode()).hexdigest()}).encode()
    r=urllib.request.Request(URL,data=body,headers={'Authorization':'Bearer '+TOK,'Content-Type':'application/json'})
    try:
        with urllib.request.urlopen(r) as x: return x.status, x.read().decode()[:120]
    except urllib.error.HTTPError as e: return e.code, e.read().decode()[:200]
pairs=[('read_file','read_fiIe'),('done','clone'),('wide','vvide'),('vw','vvw'),('go0gle','goOgle'),('item','itern'),('rnode','mode'),
 ('cl','d'),('a_b','a-b'),('ab','a.b'),('readfile','read_file'),('x1','xl'),('l1','I1'),('ll','II'),('nn','m'),('rrn','rm'),
 ('w','vv'),('x','.x'),('x','x.'),('a..b','a.b'),('B','8'),('S','5'),('Z','2'),('g','9'),('q','9'),('O','Q'),('u','v'),('ii','n'),('ij','y'),
 ('a'*128,'a'*129),('fi','fl'),('lI','Il'),('1','l'),('rn','m'),('RN','M'),('m','rn'),('abc','ABC')]
srv=0
for a,b in pairs:
    srv+=1; s='t%d'%srv
    ra=pin(s,a); rb=pin(s,b)
    print('%-10s %-10s | first %s | second %s %s' % (a[:10],b[:10],ra[0],rb[0],rb[1][:150].replace('\n',' ')))
