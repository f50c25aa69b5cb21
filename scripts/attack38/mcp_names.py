import sys, json, subprocess, os
F='/work/attack38/foureyes'; D='/tmp/attack38/mcp'; os.makedirs(D, exist_ok=True)
for f in os.listdir(D): os.unlink(os.path.join(D,f))
names = ['Write_File', 'write_file', 'Write_File ', 'Write_File.', 'Write_File\u0000', 'Ｗrite_File', 'Write_Fil\u0065\u0301']
msgs = [{'jsonrpc':'2.0','id':1,'method':'initialize','params':{'protocolVersion':'2025-03-26','capabilities':{},'clientInfo':{'name':'c','version':'1'}}},
        {'jsonrpc':'2.0','method':'notifications/initialized'},
        {'jsonrpc':'2.0','id':2,'method':'tools/list','params':{}}]
for i, n in enumerate(names):
    msgs.append({'jsonrpc':'2.0','id':10+i,'method':'tools/call','params':{'name':n,'arguments':{'p':'x'}}})
inp = ''.join(json.dumps(m)+'\n' for m in msgs)
p = subprocess.run([F,'--db',D+'/fe.db','--policy','/work/attack38/scripts/mcp_policy.yaml','mcp-proxy','--name','fs','--','python3','/work/attack38/scripts/fake_mcp.py',json.dumps(names)], input=inp, capture_output=True, text=True, timeout=60)
for l in p.stdout.splitlines():
    j = json.loads(l)
    if j.get('id') == 2: print('tools/list ->', [t['name'] for t in j['result']['tools']])
    elif j.get('id',0) >= 10: print('call', repr(names[j['id']-10]), '->', json.dumps(j.get('result', j.get('error')))[:200])
print('stderr:', p.stderr[-800:])
print(subprocess.run([F,'--db',D+'/fe.db','--policy','/work/attack38/scripts/mcp_policy.yaml','mcp','pins','list'],capture_output=True,text=True).stdout[:1500])
