"""Response desync on a kept-alive connection: the target answers run 1 with a complete 200 followed by a second,
unsolicited `404` (or a body longer than its content-length), keeping the connection open. Does run 2 (a new permit)
read the stale 404 as its own answer (`failed`, reservation released) while its request reaches the target?
usage: desync28.py [extra|longbody|chunked]   needs: the target"""
import sys, os, time, json, threading
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
mode = sys.argv[1] if len(sys.argv) > 1 else "extra"
d = fresh("desync-" + mode)
conns = []
class KA(Target):
    def handle(self, c):
        c.settimeout(20); buf = b""
        try:
            while True:
                while b"\r\n\r\n" not in buf:
                    x = c.recv(65536)
                    if not x: return
                    buf += x
                head, _, rest = buf.partition(b"\r\n\r\n")
                cl = 0
                for line in head.split(b"\r\n")[1:]:
                    k, _, v = line.partition(b":")
                    if k.strip().lower() == b"content-length": cl = int(v.strip())
                while len(rest) < cl: rest += c.recv(65536)
                body, buf = rest[:cl], rest[cl:]
                path = head.split(b" ")[1].decode()
                with self.lock: self.hits.append((time.time(), path, head.decode(), body.decode(), id(c)))
                if len(self.hits) == 1:
                    if mode == "extra":
                        c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}" + b"HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}")
                    elif mode == "longbody":
                        c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}")
                    elif mode == "chunked":
                        c.sendall(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\nHTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}")
                else:
                    c.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}")
        except Exception: pass
        finally: c.close()
t = KA(None)
pol = d + "/p.yaml"
open(pol, "w").write(f"""version: 1
actions:
  s.go:
    tier: 2
    limits: [{{ count: 2, per: 1h }}]
    params: {{ n: {{ type: string }} }}
    execute:
      http: {{ method: POST, url: "http://127.0.0.1:{t.port}/s/{{{{ params.n }}}}", success: {{ status: [200] }}, timeout: 3s }}
""")
agent = token(d, "bot", "agent"); s = Serve(d, pol)
outs = []
for i in range(3):
    r = call(s.url("/v1/execute"), agent, {"request_id": f"x{i}", "action": "s.go", "params": {"n": str(i)}})
    o = r[1] if isinstance(r[1], dict) else {}
    outs.append((o.get("verdict"), o.get("outcome"), (o.get("report_detail") or {}).get("status") if isinstance(o.get("report_detail"), dict) else None))
    time.sleep(0.7)
print("outcomes:", outs)
print("target saw:", [(h[1], h[4] == t.hits[0][4]) for h in t.hits], "(path, same connection as run 1)")
bad = any(o[1] == "failed" for o in outs[1:])
print("RESULT", "HOLE" if bad else "held", f"{sum(1 for o in outs if o[0] == 'permit')} permits vs count 2, {len(t.hits)} reached the target")
s.kill(signal.SIGTERM); cleanup()
