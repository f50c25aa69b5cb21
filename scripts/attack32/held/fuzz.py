import json, random, urllib.request, sys
U='http://127.0.0.1:18090'; AG=open('/tmp/attack32/s/ag.tok').read().strip()
random.seed(int(sys.argv[1]) if len(sys.argv)>1 else 1)
chars=[chr(c) for c in list(range(0,0x80))+[0x7f,0x80,0x9f,0xa0,0xad,0x2028,0x2029,0xfeff,0xfffe,0xffff,0xe000,0x10ffff,0x1f600,0x301,0xe9,0x130,0x131,0x3c3,0x1e9e]]
def rs(n): return ''.join(random.choice(chars) for _ in range(random.randint(0,n)))
def rnum():
    k=random.randint(0,6)
    if k==0: return random.randint(0,50)
    if k==1: return round(random.uniform(0,50),random.randint(0,15))
    if k==2: return float(f"{random.randint(0,50)}.{random.randint(0,10**random.randint(1,12))}")
    if k==3: return random.choice([0,0.0,-0.0,1e-7,1e-6,49.99999999999999,0.1,0.30000000000000004,5e-5])
    return random.randint(0,5000)/100
def rval(d=0):
    k=random.randint(0,7 if d<4 else 3)
    if k==0: return rs(12)
    if k==1: return rnum()
    if k==2: return random.choice([True,False,None])
    if k==3: return random.randint(-2**53+1,2**53-1)
    if k<=5: return [rval(d+1) for _ in range(random.randint(0,3))]
    return {rs(6):rval(d+1) for _ in range(random.randint(0,3))}
bad=0; n=int(sys.argv[2]) if len(sys.argv)>2 else 500
for i in range(n):
    body={"request_id":f"fz{sys.argv[1]}-{i}","action":"shop.amt","params":{"amount_eur":rnum(),"note":rs(20)},"evidence":{rs(5):rval() for _ in range(3)}}
    if random.random()<0.3: body["target"]=rs(10)
    data=json.dumps(body, ensure_ascii=random.random()<0.5).encode('utf-8','surrogatepass')
    req=urllib.request.Request(U+'/v1/decide',data=data,headers={'Authorization':'Bearer '+AG,'content-type':'application/json'})
    try:
        r=urllib.request.urlopen(req,timeout=10); j=json.load(r)
    except urllib.error.HTTPError as e:
        b=e.read().decode()[:200]
        if e.code>=500: bad+=1; print('5xx',e.code,b,data[:200])
    except Exception as e:
        bad+=1; print('EXC',e,data[:200]); break
print('done',n,'bad',bad)
