# approvals: who may approve, the digest binding, the TOTP step, a replay for a second execution
import sys, json, time, sqlite3
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT=ENV['bot']
ALICE=ENV['alice']; SEC=ENV['alice_totp']
CAROL=ENV['carol']
T=ENV; tag=str(int(time.time()))
def code(x): return x[1].get('error',{}).get('code') if isinstance(x[1],dict) and 'error' in x[1] else x[1] if not isinstance(x[1],dict) else 'ok'
def dec(rid, action, params, port=18091):
    return req(port,'POST','/v1/decide',{'request_id':rid,'action':action,'params':params},token=BOT)
s,j,_=dec(f'n{tag}a','note.add',{'text':'hello'}); aid,dg=j['approval_id'],j['digest']; print('note deferral',s,aid)
for who in ('run1','ex1'):
    r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg},token=T[who]); print(who,'approves:',r[0],code(r))
    r=req(18091,'POST','/console/session',{'token':T[who]}); print(who,'signs in:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg},token=BOT); print('agent approves:',r[0],code(r))
# the action changed after the approver saw it: same request id, other params
s2,j2,_=dec(f'n{tag}a','note.add',{'text':'HELLO'}); print('same request id, other params:',s2,code((s2,j2)))
# another deferral's digest
s3,j3,_=dec(f'n{tag}b','note.add',{'text':'other'}); print('second deferral',j3['approval_id'])
r=req(18091,'POST',f'/v1/approvals/{j3["approval_id"]}/approve',{'digest':dg},token=CAROL); print('approve #2 with #1 digest:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg.upper()},token=CAROL); print('approve with upper-case digest:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg+' '},token=CAROL); print('approve with digest+space:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg},token=CAROL); print('approve right:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{aid}/approve',{'digest':dg},token=CAROL); print('approve again:',r[0],code(r))
s,j,_=dec(f'n{tag}a','note.add',{'text':'hello'},18092); print('release on B:',s,j.get('verdict'),j.get('replayed'))
s,j,_=dec(f'n{tag}a','note.add',{'text':'hello'},18091); print('release again on A:',s,j.get('verdict'),j.get('replayed'), j.get('decision_id'))
s,j,_=dec(f'n{tag}c','note.add',{'text':'hello'},18091); print('same action, new request id:',s,j.get('verdict'))
# step-up: carol (no TOTP) and adm2 (no TOTP) on a step_up approval; alice without a code; alice with a future code; then the current code
s,j,_=dec(f'p{tag}a','pay.send',{'amount':5,'payee':'X'}); pa,pd=j['approval_id'],j['digest']
for who,tok in (('carol',CAROL),('adm2',T['adm2'])):
    r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd},token=tok); print(who,'on step_up:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd},token=ALICE); print('alice no code:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':'12345'},token=ALICE); print('alice 5-digit:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':' '+totp(SEC)[0]},token=ALICE); print('alice code with space:',r[0],code(r))
c,st=totp(SEC)
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':'0'*64,'totp':c},token=ALICE); print('alice right code wrong digest:',r[0],code(r))
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c},token=ALICE); print('then right digest same code:',r[0],code(r))
c2,_=totp(SEC,step_off=-1)
r=req(18091,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c2},token=ALICE); print('previous step code:',r[0],code(r))
c3,_=totp(SEC,step_off=1)
r=req(18092,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c3},token=ALICE); print('next step code on B:',r[0],code(r))
c4,_=totp(SEC,step_off=2)
r=req(18092,'POST',f'/v1/approvals/{pa}/approve',{'digest':pd,'totp':c4},token=ALICE); print('step+2 code:',r[0],code(r))
