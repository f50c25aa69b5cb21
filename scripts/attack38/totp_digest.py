# F1160: the right code with a wrong digest first, then the right digest (same code); then the replayed release
import sys, json, time, sqlite3
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT=ENV['bot']
ALICE=ENV['alice']; SEC=ENV['alice_totp']
tag=str(int(time.time()))
def code(x): return x[1].get('error',{}).get('code') if isinstance(x[1],dict) and 'error' in x[1] else 'ok'
s,j,_=req(18091,'POST','/v1/decide',{'request_id':f'q{tag}','action':'pay.send','params':{'amount':7,'payee':'Y'}},token=BOT); pa,pd=j['approval_id'],j['digest']
s,j2,_=req(18091,'POST','/v1/decide',{'request_id':f'q{tag}b','action':'pay.send','params':{'amount':8,'payee':'Y'}},token=BOT)
# wait for a fresh step
st0=int(time.time()//30)
while int(time.time()//30)==st0: time.sleep(0.3)
c,st=totp(SEC)
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':j2['digest'],'totp':c},token=ALICE); print('right code, digest of another approval:',r[0],code(r), r[1].get('error',{}).get('message','')[:150])
r=req(18092,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c},token=ALICE); print('same code, right digest, server B:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{j2["approval_id"]}/approve',{'digest':j2['digest'],'totp':c},token=ALICE); print('same code on the approval whose digest was sent:',r[0],code(r))
while int(time.time()//30)==st: time.sleep(0.3)
c,st=totp(SEC)
r=req(18092,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c},token=ALICE); print('next code, right digest:',r[0],code(r))
a=req(18091,'POST','/v1/decide',{'request_id':f'q{tag}','action':'pay.send','params':{'amount':7,'payee':'Y'}},token=BOT)[1]
b=req(18092,'POST','/v1/decide',{'request_id':f'q{tag}','action':'pay.send','params':{'amount':7,'payee':'Y'}},token=BOT)[1]
print('release A', a['verdict'], a['decision_id'], a['replayed'], ' again B', b['verdict'], b['decision_id'], b['replayed'])
con=sqlite3.connect('/tmp/attack38/w/fe.db')
print(con.execute("select count(*) from journal where kind='decided' and data like ? and data like '%\"permit\"%'", (f'%q{tag}\"%',)).fetchall())
