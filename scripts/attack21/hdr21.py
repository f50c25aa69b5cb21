#!/usr/bin/env python3
"""Odd credentials (the bytes of the Authorization header) at serve: invalid UTF-8, NUL, 64 KiB, a namespace prefix
with path characters, an agent token with its secret changed; then: serve alive, restart, CLI decide, verify, audit,
no new file beside the database.  usage: FOUREYES_BIN=... python3 hdr21.py"""
import os, shutil, signal, socket, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import harness as H
B = H.B; P = 18962
d = "/tmp/attack21-hdr"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.chdir(d)
subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=H.POL, FOUREYES_SEAL_KEY=f"{d}/keys/seal.key")
agent = H.token(env, "bot", "agent"); p = H.start(env, P, log=f"{d}/serve.log"); before = set(os.listdir(d))
body = b'{"request_id":"h","action":"thermo","params":{"celsius":20}}'
def raw(auth):
    s = socket.create_connection(("127.0.0.1", P), timeout=10)
    s.sendall(b"POST /v1/decide HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: " + auth + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
    out = b""
    try:
        while True:
            c = s.recv(4096)
            if not c: break
            out += c
    except Exception: pass
    s.close(); return out.split(b"\r\n", 1)[0].decode(errors="replace")
cases = [b"Bearer fe_\xff\xfe\x80", b"Bearer " + agent.encode() + b"\xff", b"Bearer " + b"A" * 65536, b"Bearer fe.../../x.abc", b"Bearer fe.ns-..%2F..%2Fx.abc",
         b"Bearer fe.\xc3\xa9.abc", b"Bearer " + agent[:-1].encode() + (b"A" if agent[-1] != "A" else b"B"), b"Bearer " + agent.encode() + b" extra", b"bearer " + agent.encode(),
         b"Bearer fe." + b"n" * 300 + b".abc", b"Basic Ym90OmJvdA=="]
res = [(c[:30], raw(c)) for c in cases]
alive = p.poll() is None; p.send_signal(signal.SIGTERM); p.wait()
p = H.start(env, P, log=f"{d}/serve2.log"); up = p.poll() is None
if up: p.send_signal(signal.SIGTERM); p.wait()
r = subprocess.run([B, "decide", "--agent", "bot", "--action", "thermo", "--params", '{"celsius":20}', "--request-id", "z", "--json"], env=env, capture_output=True, text=True)
v = H.sh(["journal", "verify"], env); a = H.sh(["journal", "audit"], env)
new = sorted(set(os.listdir(d)) - before - {"serve2.log"})
for c, s in res: print("  ", c, "->", s)
print(f"RESULT hdr21: {len(cases)} odd credentials, statuses {sorted(set(s for _, s in res))}; serve alive {alive}; restarts {up}; CLI decide rc {r.returncode}; verify {v.returncode} audit {a.returncode}; new files {new}")
