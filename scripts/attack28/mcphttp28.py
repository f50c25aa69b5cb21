"""`mcp` connector over Streamable HTTP (`url:`): the server runs the tool on `tools/call`, then answers that POST with
HTTP STATUS (or a JSON-RPC body). `failed` must not follow a call that was sent. usage: mcphttp28.py [status ...]
needs: the MCP server (a loopback HTTP server)"""
import sys, os, time, json, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
statuses = sys.argv[1:] or ["200", "400", "401", "403", "404", "409", "422", "302", "307", "500", "202", "204"]
state = {"mode": "200", "calls": 0}
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        n = int(self.headers.get("content-length", 0)); m = json.loads(self.rfile.read(n) or b"{}")
        meth, mid = m.get("method"), m.get("id")
        def js(o, code=200, hdr={}):
            b = json.dumps(o).encode(); self.send_response(code); self.send_header("content-type", "application/json")
            for k, v in hdr.items(): self.send_header(k, v)
            self.send_header("content-length", str(len(b))); self.end_headers(); self.wfile.write(b)
        if meth == "initialize":
            js({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": m["params"]["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "h", "version": "1"}}}, hdr={"mcp-session-id": "sess1"}); return
        if mid is None: self.send_response(202); self.send_header("content-length", "0"); self.end_headers(); return
        if meth == "tools/list":
            js({"jsonrpc": "2.0", "id": mid, "result": {"tools": [{"name": "act", "description": "d", "inputSchema": {"type": "object"}}]}}); return
        if meth == "tools/call":
            state["calls"] += 1
            code = int(state["mode"])
            if code == 200: js({"jsonrpc": "2.0", "id": mid, "result": {"content": [], "isError": False}}); return
            if 300 <= code < 400:
                self.send_response(code); self.send_header("location", "/mcp2"); self.send_header("content-length", "0"); self.end_headers(); return
            if code in (202, 204):
                self.send_response(code); self.send_header("content-length", "0"); self.end_headers(); return
            js({"error": "no"}, code); return
        js({"jsonrpc": "2.0", "id": mid, "result": {}})
srv = ThreadingHTTPServer(("127.0.0.1", 0), H); port = srv.server_address[1]
threading.Thread(target=srv.serve_forever, daemon=True).start()
bad = []
for st in statuses:
    state["mode"] = st; c0 = state["calls"]
    d = fresh("mcphttp-" + st)
    pol = d + "/p.yaml"
    open(pol, "w").write(f"""version: 1
actions:
  t.act:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params: {{}}
    execute:
      mcp: {{ server: h, url: "http://127.0.0.1:{port}/mcp", tool: act, timeout: 4s }}
mcp:
  h: {{}}
""")
    agent = token(d, "bot", "agent"); s = Serve(d, pol)
    r = call(s.url("/v1/execute"), agent, {"request_id": "x", "action": "t.act", "params": {}})
    r2 = call(s.url("/v1/execute"), agent, {"request_id": "y", "action": "t.act", "params": {}})
    o = r[1] if isinstance(r[1], dict) else {"raw": r[1]}
    rd = o.get("report_detail") if isinstance(o.get("report_detail"), dict) else {}
    ran = state["calls"] - c0
    flag = o.get("outcome") == "failed" and ran >= 1
    if flag: bad.append(st)
    print(f"{st}: outcome {o.get('outcome')} tool ran {ran}× next: {r2[1].get('verdict') if isinstance(r2[1], dict) else r2} {'<-- failed after the tool ran' if flag else ''} | {str(rd.get('error'))[:150]}")
    s.kill(signal.SIGTERM)
srv.shutdown()
print("RESULT", ("HOLE " + str(bad)) if bad else "held")
cleanup()
