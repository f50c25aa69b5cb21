# a one-time sign-in link redeemed in parallel on two servers over one SQLite file; optionally racing the admin's revoke
import sys, threading, time, json, subprocess, re, os, sqlite3, signal
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
F = '/work/attack38/foureyes'; P = '/work/attack38/scripts/policy.yaml'
rounds = int(sys.argv[1]); revoke = len(sys.argv) > 2 and sys.argv[2] == 'revoke'
for r in range(rounds):
    d = f'/tmp/attack38/link{r}'; os.makedirs(d, exist_ok=True); db = d + '/fe.db'
    for f in os.listdir(d): os.unlink(os.path.join(d, f))
    la = open(d + '/a.log', 'w'); lb = open(d + '/b.log', 'w')
    A = subprocess.Popen([F, '--db', db, '--policy', P, 'serve', '--listen', '127.0.0.1:18095'], stdout=la, stderr=la)
    for _ in range(100):
        time.sleep(0.1); s = open(d + '/a.log').read()
        if 'sign in once' in s: break
    code = re.search(r'code=([0-9a-f]+)', s).group(1)
    admin = re.search(r'admin token \(shown once, keep it\): (\S+)', s).group(1)
    B = subprocess.Popen([F, '--db', db, '--policy', P, 'serve', '--listen', '127.0.0.1:18096'], stdout=lb, stderr=lb)
    for _ in range(100):
        time.sleep(0.1)
        if 'serving' in open(d + '/b.log').read(): break
    name = json.loads(req(18095, 'GET', '/v1/me', token=admin)[1] and json.dumps(req(18095, 'GET', '/v1/me', token=admin)[1]))['name']
    res = []; bar = threading.Barrier(8 + (1 if revoke else 0))
    def go(port):
        bar.wait(); time.sleep((0.03 + 0.01 * (r % 10)) if revoke else 0); s, j, ck = req(port, 'GET', '/console/signin?code=' + code); res.append((port, s, ck.split(';')[0] if ck else None))
    def rv():
        bar.wait(); subprocess.run([F, '--db', db, 'token', 'revoke', name], capture_output=True)
    ts = [threading.Thread(target=go, args=(18095 + i % 2,)) for i in range(8)]
    if revoke: ts.append(threading.Thread(target=rv))
    [t.start() for t in ts]; [t.join() for t in ts]
    ok = [x for x in res if x[1] == 303]
    usable = [x for x in ok if req(18096, 'GET', '/console/session', cookie=x[2])[0] == 200]
    con = sqlite3.connect(db)
    ev = con.execute("select seq, kind, data from journal where data like '%session_opened%' or data like '%revoked%' or kind='refused'").fetchall()
    print(f'round {r}: admin {name} answers {sorted(x[1] for x in res)} usable-now {len(usable)}', flush=True)
    for e in ev: print('   ', e[0], e[1], e[2][:200])
    A.send_signal(signal.SIGTERM); B.send_signal(signal.SIGTERM); A.wait(); B.wait()
