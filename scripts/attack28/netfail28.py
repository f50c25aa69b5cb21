"""The target reads the whole request (so it may have acted), then fails at the network level. FourEyes must say
`unknown` (keep the reservation), never `failed`. usage: netfail28.py [mode ...]   needs: agent credential; the target"""
import sys, os, time, threading, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
MODES = {
 "fin": lambda c: c.shutdown(socket.SHUT_RDWR),
 "rst": rst,
 "garbage": lambda c: (c.sendall(b"HELLO WORLD\r\n\r\n"), time.sleep(0.2)),
 "halfstatus": lambda c: (c.sendall(b"HTTP/1.1 2"), time.sleep(0.1), rst(c)),
 "shortbody": lambda c: (c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{\"ok\""), time.sleep(0.1)),
 "shortbody_rst": lambda c: (c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{\"ok\""), time.sleep(0.1), rst(c)),
 "status999": lambda c: c.sendall(b"HTTP/1.1 999 X\r\ncontent-length: 0\r\n\r\n"),
 "continue_close": lambda c: (c.sendall(b"HTTP/1.1 100 Continue\r\n\r\n"), time.sleep(0.1)),
 "http09": lambda c: c.sendall(b'{"ok": true}'),
 "badheader": lambda c: c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nbad header\r\n\r\n{}"),
 "dupcl": lambda c: c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}x"),
 "chunk_bad": lambda c: c.sendall(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n"),
 "redir_other": lambda c: c.sendall(b"HTTP/1.1 307 X\r\nlocation: http://127.0.0.2:9/x\r\ncontent-length: 0\r\n\r\n"),
 "redir_same": None,  # set below (needs port)
 "s404": lambda c: ok(c, 404, b'{"err":1}'),
 "s500": lambda c: ok(c, 500, b'{"err":1}'),
 "s200_gzip_bad": lambda c: c.sendall(b"HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: 4\r\n\r\nabcd"),
}
modes = sys.argv[1:] or list(MODES)
summary = []
for mode in modes:
    d = fresh("netfail-" + mode)
    state = {"n": 0}
    def beh(path, head, body, c, mode=mode):
        state["n"] += 1
        if state["n"] > 1 or path.startswith("/other"): ok(c); return
        if mode == "redir_same":
            c.sendall(b"HTTP/1.1 307 X\r\nlocation: /other/path\r\ncontent-length: 0\r\n\r\n"); return
        MODES[mode](c)
    t = Target(beh)
    pol = os.path.join(d, "p.yaml")
    open(pol, "w").write(f"""version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    params:
      order_id: {{ type: string, pattern: "^ord_[0-9]+$" }}
    execute:
      http:
        method: POST
        url: "http://127.0.0.1:{t.port}/api/orders/{{{{ params.order_id }}}}/refunds"
        body: '{{"id": {{{{ params.order_id }}}}}}'
        success: {{ status: [200, 201] }}
        timeout: 5s
""")
    agent = token(d, "bot", "agent")
    s = Serve(d, pol)
    r1 = call(s.url("/v1/execute"), agent, {"request_id": "r1", "action": "shop.refund", "params": {"order_id": "ord_1"}})
    r2 = call(s.url("/v1/execute"), agent, {"request_id": "r2", "action": "shop.refund", "params": {"order_id": "ord_2"}})
    o1 = r1[1] if isinstance(r1[1], dict) else {}
    o2 = r2[1] if isinstance(r2[1], dict) else {}
    err = (o1.get("report_detail") or {}).get("error", "") if isinstance(o1.get("report_detail"), dict) else ""
    hits = len(t.hits)
    verdict = "HOLE" if (o1.get("outcome") == "failed" and hits >= 1 and mode not in ("s404",)) else "held"
    line = f"{mode:15s} r1={r1[0]} outcome={o1.get('outcome')} r2={o2.get('verdict')}/{o2.get('outcome')} target_hits={hits} {verdict} err={str(err)[:150]}"
    print(line, flush=True); summary.append(line)
    s.kill(signal.SIGTERM); t.stop = True
cleanup()
