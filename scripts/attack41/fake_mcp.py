#!/usr/bin/env python3
# a stdio MCP upstream listing the tools named in $TOOLS (JSON list); answers calls with "ran NAME"
import sys, json, os
tools=json.loads(os.environ.get('TOOLS','["read_file"]'))
desc=os.environ.get('DESC','d')
log=open(os.environ.get('UPLOG','/dev/null'),'a')
for line in sys.stdin:
    line=line.strip()
    if not line: continue
    m=json.loads(line); log.write(line+'\n'); log.flush()
    if 'id' not in m: continue
    meth=m.get('method')
    if meth=='initialize':
        r={"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}
    elif meth=='tools/list':
        r={"tools":[{"name":t,"description":desc+" "+t,"inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}} for t in tools]}
    elif meth=='tools/call':
        r={"content":[{"type":"text","text":"ran "+m['params']['name']}]}
    else:
        r={}
    sys.stdout.write(json.dumps({"jsonrpc":"2.0","id":m['id'],"result":r})+'\n'); sys.stdout.flush()
