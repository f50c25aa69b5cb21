"""Attack 22 helpers: a fresh store (seal key unless NOKEY=1), serve on loopback, and the after-check every probe runs:
SIGTERM serve, restart it, a CLI decide, `journal verify`, `journal audit`."""
import json, os, shutil, signal, subprocess, sys, time, urllib.request, urllib.error
B = os.path.abspath(os.environ.get("FOUREYES_BIN", "/work/attack22/bin/foureyes"))
HERE = os.path.dirname(os.path.abspath(__file__))
POL = os.environ.get("POL", os.path.join(HERE, "policy22.yaml"))

def sh(args, env, inp=None, timeout=120):
    return subprocess.run([B] + args, env=env, capture_output=True, text=True, input=inp, timeout=timeout)

def token(env, name, role, extra=()):
    r = sh(["token", "create", "--name", name, "--role", role, *extra], env)
    toks = [w for l in r.stdout.split() for w in [l] if w.startswith("fe_") or w.startswith("fe.")]
    if not toks: raise RuntimeError("token create failed: " + r.stdout + r.stderr)
    return toks[0]

def fresh(name, nokey=None, pg=None):
    d = f"/tmp/attack22-{name}"; shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    env = dict(os.environ, FOUREYES_DB=f"{d}/t.db", FOUREYES_POLICY=POL)
    env.pop("FOUREYES_SEAL_KEY", None)
    if os.environ.get("FOUREYES_PG"):  # a throwaway cluster: postgres://postgres@127.0.0.1:PORT (one database per store)
        pg = os.environ["FOUREYES_PG"].rstrip("/"); db = "a22_" + "".join(c if c.isalnum() else "_" for c in name.lower())[:50]
        subprocess.run(["psql", pg + "/postgres", "-qc", f"drop database if exists {db}"], capture_output=True)
        subprocess.run(["psql", pg + "/postgres", "-qc", f"create database {db}"], capture_output=True)
        env["FOUREYES_DB"] = f"{pg}/{db}"
    if nokey is None: nokey = bool(os.environ.get("NOKEY"))
    if not nokey:
        subprocess.run([B, "journal", "keygen", "--out", f"{d}/keys"], capture_output=True)
        env["FOUREYES_SEAL_KEY"] = f"{d}/keys/seal.key"
    return d, env

def start(env, port, log, extra_env=None, args=()):
    e = dict(env); e.update(extra_env or {})
    f = open(log, "ab")
    p = subprocess.Popen([B, "serve", "--listen", f"127.0.0.1:{port}", *args], env=e, stdout=f, stderr=f)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=1); return p
        except Exception:
            if p.poll() is not None: return p
            time.sleep(0.05)
    return p

def stop(p):
    if p and p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try: p.wait(10)
        except subprocess.TimeoutExpired: p.kill(); p.wait()

def req(port, tok, method, path, body=None, raw=None, timeout=30):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    if isinstance(data, str): data = data.encode()
    h = {"Content-Type": "application/json"}
    if tok: h["Authorization"] = "Bearer " + tok
    r = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=h, method=method)
    try:
        with urllib.request.urlopen(r, timeout=timeout) as x:
            t = x.read()
            try: return x.status, json.loads(t or b"null")
            except Exception: return x.status, t[:300]
    except urllib.error.HTTPError as e:
        t = e.read()
        try: return e.code, json.loads(t)
        except Exception: return e.code, t[:300]
    except Exception as e:
        return -1, str(e)[:200]

def post(port, tok, path, body=None, raw=None): return req(port, tok, "POST", path, body, raw)
def get(port, tok, path): return req(port, tok, "GET", path)

def after(d, env, port, p, agent_name="bot"):
    """Stop serve, restart it, decide through it and through the CLI, verify, audit."""
    stop(p)
    p2 = start(env, port, f"{d}/serve2.log"); up = p2.poll() is None
    why = ""
    if not up: why = (open(f"{d}/serve2.log").read().strip().splitlines() or [""])[-1][:200]
    stop(p2)
    cli = sh(["decide", "--agent", agent_name, "--action", "free", "--params", '{"s":"after"}', "--request-id", f"after-{time.time()}", "--json"], env)
    v = sh(["journal", "verify"], env); a = sh(["journal", "audit"], env)
    ok = up and cli.returncode == 0 and v.returncode == 0 and a.returncode == 0
    return {"ok": ok, "serve_restarts": up, "why": why, "cli": cli.returncode, "cli_err": cli.stderr.strip()[-200:],
            "verify": v.returncode, "verify_out": (v.stdout + v.stderr).strip()[-250:], "audit": a.returncode,
            "audit_out": (a.stdout + a.stderr).strip()[-250:]}
