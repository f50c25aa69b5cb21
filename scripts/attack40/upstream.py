#!/usr/bin/env python3
# minimal stdio MCP server whose tools/list holds look-alike names
import sys, json
NAMES = sys.argv[1:] or ['read_file','read_fiIe','reаd_file','rn','m','a'*128,'a'*129,'x..y','.x','READ_FILE']
def tool(n): return {'name':n,'description':'tool '+n,'inputSchema':{'type':'object','properties':{'p':{'type':'string'}}},'annotations':{'readOnlyHint':True}}
for line in sys.stdin:
    try: m=json.loads(line)
    except Exception: continue
    if 'id' not in m: continue
    meth=m.get('method')
    if meth=='initialize': r={'protocolVersion':'2025-06-18','capabilities':{'tools':{}},'serverInfo':{'name':'u','version':'1'}}
    elif meth=='tools/list': r={'tools':[tool(n) for n in NAMES]}
    elif meth=='tools/call': r={'content':[{'type':'text','text':'CALLED '+m['params']['name']}]}
    else: r={}
    sys.stdout.write(json.dumps({'jsonrpc':'2.0','id':m['id'],'result':r})+'\n'); sys.stdout.flush()
