import os, subprocess, socket, threading, time, json, signal, urllib.request, urllib.error, shutil, struct
BIN = os.environ.get("FOUREYES_BIN", "/work/attack28/bin/foureyes")
PROCS = []

def sh(args, env=None, inp=None, check=False):
    r = subprocess.run([BIN] + args, capture_output=True, text=True, input=inp, env=env, timeout=60)
    if check and r.returncode != 0:
        raise SystemExit(f"{args}: rc {r.returncode} {r.stderr}")
    return r

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

class Target:
    """raw loopback HTTP target; behaviour(path, reqbytes, conn) decides what to do. counts hits per path"""
    def __init__(self, behaviour):
        self.behaviour = behaviour
        self.hits = []
        self.lock = threading.Lock()
        self.sock = socket.socket(); self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0)); self.sock.listen(128); self.port = self.sock.getsockname()[1]
        self.stop = False
        threading.Thread(target=self.loop, daemon=True).start()
    def loop(self):
        self.sock.settimeout(0.5)
        while not self.stop:
            try: c, _ = self.sock.accept()
            except socket.timeout: continue
            except OSError: return
            threading.Thread(target=self.handle, args=(c,), daemon=True).start()
    def handle(self, c):
        c.settimeout(10)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                d = c.recv(65536)
                if not d: c.close(); return
                data += d
            head, _, body = data.partition(b"\r\n\r\n")
            cl = 0
            for line in head.split(b"\r\n")[1:]:
                k, _, v = line.partition(b":")
                if k.strip().lower() == b"content-length": cl = int(v.strip())
            while len(body) < cl:
                d = c.recv(65536)
                if not d: break
                body += d
            path = head.split(b" ")[1].decode()
            with self.lock: self.hits.append((time.time(), path, head.decode(errors="replace"), body.decode(errors="replace")))
            self.behaviour(path, head, body, c)
        except Exception as e:
            pass
        finally:
            try: c.close()
            except: pass

def ok(c, status=200, body=b'{"ok": true}'):
    c.sendall(b"HTTP/1.1 %d X\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n" % (status, len(body)) + body)

def rst(c):
    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    c.close()

class Serve:
    def __init__(self, d, policy, extra=(), port=None, env=None):
        self.d = d; self.port = port or free_port(); self.policy = policy
        self.log = open(os.path.join(d, f"serve-{self.port}.log"), "ab")
        db = os.path.join(d, "fe.db")
        extra = list(extra)
        if "--db" in extra:
            i = extra.index("--db"); db = extra[i + 1]; del extra[i:i + 2]
        args = [BIN, "serve", "--db", db, "--policy", policy, "--listen", f"127.0.0.1:{self.port}"] + list(extra)
        self.p = subprocess.Popen(args, stdout=self.log, stderr=self.log, env=env)
        PROCS.append(self.p)
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=1); return
            except urllib.error.HTTPError as e:
                if e.code < 500: return
            except Exception: pass
            if self.p.poll() is not None: raise SystemExit("serve died: " + open(self.log.name).read()[-2000:])
            time.sleep(0.1)
        raise SystemExit("serve not ready")
    def kill(self, sig=signal.SIGKILL):
        self.p.send_signal(sig); self.p.wait(timeout=30)
    def url(self, p): return f"http://127.0.0.1:{self.port}{p}"

def call(url, tok, body=None, method=None, timeout=60):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method or ("POST" if data is not None else "GET"),
                                 headers={"authorization": f"Bearer {tok}", "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        b = e.read()
        try: return e.code, json.loads(b)
        except Exception: return e.code, b.decode(errors="replace")
    except Exception as e:
        return None, repr(e)

def token(d, name, role, extra=()):
    r = sh(["token", "create", "--db", os.path.join(d, "fe.db"), "--name", name, "--role", role, "--json"] + list(extra), check=True)
    try: return json.loads(r.stdout)["token"]
    except Exception: return r.stdout.strip().split()[-1]

def fresh(name):
    d = f"/tmp/attack28/{name}"
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    return d

def cleanup():
    for p in PROCS:
        if p.poll() is None:
            p.kill(); p.wait()
