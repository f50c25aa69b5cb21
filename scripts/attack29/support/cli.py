#!/usr/bin/env python3
import json, gzip, http.client, sys
H, P = "127.0.0.1", 29461
def post(body, hdrs=None, sid=None):
    c = http.client.HTTPConnection(H, P, timeout=15)
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18"}
    if sid: h["mcp-session-id"] = sid
    h.update(hdrs or {})
    c.request("POST", "/mcp", body=body, headers=h); r = c.getresponse(); d = r.read()
    return r.status, r.getheader("mcp-session-id"), d.decode(errors="replace")[:300]
st, sid, d = post(json.dumps({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}))
print("init", st, sid)
print(post('{"jsonrpc":"2.0","method":"notifications/initialized"}', sid=sid)[0])
print("list", post('{"jsonrpc":"2.0","id":2,"method":"tools/list"}', sid=sid)[2][:120])
call = lambda i: json.dumps({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"echo","arguments":{"text":"EVIL%d" % i}}})
tests = [
 ("plain", call(10).encode(), {}),
 ("gzip", gzip.compress(call(11).encode()), {"content-encoding": "gzip"}),
 ("bom", b"\xef\xbb\xbf" + call(12).encode(), {}),
 ("utf16", call(13).encode("utf-16"), {"content-type": "application/json; charset=utf-16"}),
 ("deflate-id", gzip.compress(b'{"jsonrpc":"2.0","id":14,"method":"ping"}'), {"content-encoding": "gzip"}),
 ("ws-prefix", b"  \r\n" + call(15).encode(), {}),
 ("text/plain", call(16).encode(), {"content-type": "text/plain"}),
 ("batch-dupid", ("[" + call(17) + "," + json.dumps({"jsonrpc":"2.0","id":17,"method":"ping"}) + "]").encode(), {}),
 ("batch-1", ("[" + call(18) + "]").encode(), {}),
 ("ce-identity-gzip", gzip.compress(call(19).encode()), {"content-encoding": "identity, gzip"}),
 ("ce-GZIP", gzip.compress(call(20).encode()), {"content-encoding": "GZIP"}),
 ("ce-xgzip", gzip.compress(call(21).encode()), {"content-encoding": "x-gzip"}),
]
for name, body, h in tests:
    try: st, _, d = post(body, h, sid)
    except Exception as e: st, d = "EXC", str(e)
    print(name, st, d[:200].replace("\n", " "))
