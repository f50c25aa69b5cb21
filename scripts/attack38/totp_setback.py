# ADR-1160: a database writer sets alice's totp_last_step back (and swaps her secret): the used code must still be refused
import sys, time, sqlite3, json, subprocess
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT=ENV['bot']
ALICE=ENV['alice']; SEC=ENV['alice_totp']
DB='/tmp/attack38/w/fe.db'; tag=str(int(time.time()))
def code(x): return x[1].get('error',{}).get('code') if isinstance(x[1],dict) and 'error' in x[1] else 'ok'
aps=[req(18091,'POST','/v1/decide',{'request_id':f'sb{tag}{i}','action':'pay.send','params':{'amount':3,'payee':f'S{i}'}},token=BOT)[1] for i in range(3)]
st0=int(time.time()//30)
while int(time.time()//30)==st0: time.sleep(0.3)
c,st=totp(SEC)
r=req(18091,'POST',f'/v1/approvals/{aps[0]["approval_id"]}/approve',{'digest':aps[0]['digest'],'totp':c},token=ALICE); print('use code:',r[0],code(r))
con=sqlite3.connect(DB, timeout=10); con.execute("update tokens set totp_last_step=? where name='alice'",(st-10,)); con.commit()
r=req(18092,'POST',f'/v1/approvals/{aps[1]["approval_id"]}/approve',{'digest':aps[1]['digest'],'totp':c},token=ALICE); print('same code after the row was set back:',r[0],code(r), (r[1].get('error') or {}).get('message','')[:160])
con.execute("update tokens set totp_last_step=? where name='alice'",(st,)); con.commit()
NEWSEC='JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
old=con.execute("select totp_secret from tokens where name='alice'").fetchone()[0]
con.execute("update tokens set totp_secret=? where name='alice'",(NEWSEC,)); con.commit()
c2,_=totp(NEWSEC, step_off=1)
r=req(18091,'POST',f'/v1/approvals/{aps[2]["approval_id"]}/approve',{'digest':aps[2]['digest'],'totp':c2},token=ALICE); print('code of a secret written by hand:',r[0],code(r))
con.execute("update tokens set totp_secret=? where name='alice'",(old,)); con.commit()
print(subprocess.run(['/work/attack38/foureyes','--db',DB,'journal','audit'],capture_output=True,text=True).stdout[-300:])
