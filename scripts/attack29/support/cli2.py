import json, http.client
H, P = "127.0.0.1", 29461
def post(body, sid=None):
    c = http.client.HTTPConnection(H, P, timeout=15)
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18"}
    if sid: h["mcp-session-id"] = sid
    c.request("POST", "/mcp", body=body, headers=h); r = c.getresponse(); d = r.read()
    return r.status, r.getheader("mcp-session-id"), d.decode(errors="replace")[:400]
st, sid, d = post(json.dumps({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}))
post('{"jsonrpc":"2.0","method":"notifications/initialized"}', sid); post('{"jsonrpc":"2.0","id":2,"method":"tools/list"}', sid)
for i, params in [(100, {"name":"echo","arguments":{"text":"EVIL10"},"_meta":{"progressToken":"p1","x":"INJECT"}}),
                  (101, {"name":"echo","arguments":{"text":"EVIL10"}}),
                  (102, {"name":"echo","arguments":{"text":"EVIL10"}})]:
    print(i, post(json.dumps({"jsonrpc":"2.0","id":i,"method":"tools/call","params":params}), sid)[2][:250])
