#!/bin/bash
# H2b: the embedded `mcp-proxy` store also holds no lock on its database: after an ordinary `sqlite3` read,
# `foureyes kill-switch on` exits 0 but the proxy keeps forwarding tier-2 tool calls to the upstream, and the switch is lost.
F=/work/attack41/foureyes; S=/work/attack41/scripts; W=/tmp/attack41/h2b-control; rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<'EOF'
version: 1
actions:
  mcp.fs.write_file:
    tier: 2
    limits: [ { count: 100, per: 1h } ]
    params: { x: { type: string } }
EOF
TOOLS='["write_file"]' F=$F S=$S python3 - <<'EOF'
import subprocess, json, os
F=os.environ['F']; S=os.environ['S']
p=subprocess.Popen([F,"--db","A.db","mcp-proxy","--name","fs","--policy","p.yaml","--","python3",S+"/fake_mcp.py"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
def rpc(i,m,pa):
    p.stdin.write(json.dumps({"jsonrpc":"2.0","id":i,"method":m,"params":pa})+'\n'); p.stdin.flush()
    while True:
        r=json.loads(p.stdout.readline())
        if r.get('id')==i: return r
rpc(1,'initialize',{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}); rpc(2,'tools/list',{})
call=lambda i: json.dumps(rpc(i,'tools/call',{"name":"write_file","arguments":{"x":str(i)}}).get('result'))[:100]
print('call before:', call(10))
pass  # control: no sqlite3 reader
print("proxy's unlinked fds:", subprocess.run("ls -l /proc/%d/fd | grep -c deleted"%p.pid,shell=True,capture_output=True,text=True).stdout.strip())
r=subprocess.run([F,"--db","A.db","kill-switch","on"],capture_output=True,text=True); print('kill-switch on rc=%d:'%r.returncode, r.stdout.strip())
print('call after kill switch:', call(11))
p.stdin.close(); p.wait()
print('status after:', subprocess.run([F,"--db","A.db","kill-switch","status"],capture_output=True,text=True).stdout.strip())
r=subprocess.run([F,"--db","A.db","journal","audit"],capture_output=True,text=True); print('audit rc=%d:'%r.returncode, r.stdout.strip()[:160])
EOF
