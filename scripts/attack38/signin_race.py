# race console sign-ins (two servers, one SQLite file) against `foureyes token revoke`
import sys, threading, time, json, subprocess, random, sqlite3
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
F = '/work/attack38/foureyes'; DB = '/tmp/attack38/w/fe.db'
rounds = int(sys.argv[1]); tag = str(int(time.time()))
survivors = []
for r in range(rounds):
    name = f'rv{tag}x{r}'
    out = subprocess.run([F, '--db', DB, 'token', 'create', '--name', name, '--role', 'approver', '--json'], capture_output=True, text=True)
    tok = json.loads(out.stdout)['token']
    stop = [False]; got = []
    def hammer(port):
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
        n401 = 0
        while n401 < 15:
            c.request('POST', '/console/session', body=json.dumps({'token': tok}), headers={'Content-Type': 'application/json'})
            rr = c.getresponse(); b = rr.read()
            if rr.status == 200:
                got.append((port, rr.getheader('Set-Cookie').split(';')[0], json.loads(b)['csrf'], time.time()))
            elif rr.status in (401,):
                n401 += 1
            else:
                print('odd', rr.status, b[:200]); n401 += 1
    ts = [threading.Thread(target=hammer, args=(p,)) for p in (18091, 18092, 18091, 18092)]
    [t.start() for t in ts]
    time.sleep(0.05 + random.random() * 0.2)
    t_rev = time.time()
    subprocess.run([F, '--db', DB, 'token', 'revoke', name], capture_output=True)
    t_done = time.time()
    [t.join() for t in ts]
    # use every session obtained: any still usable?
    alive = 0
    for port, ck, csrf, t in got:
        for p2 in (18091, 18092):
            s = req(p2, 'GET', '/console/session', cookie=ck)[0]
            s2 = req(p2, 'POST', '/v1/approvals/999999/approve', {'digest': 'x'}, cookie=ck, csrf=csrf)[0]
            if s == 200 or s2 not in (401,):
                alive += 1; survivors.append((name, port, p2, s, s2, t - t_rev))
    con = sqlite3.connect(DB)
    rows = con.execute("select count(*) from sessions where principal=?", (name,)).fetchone()[0]
    evs = con.execute("select seq, kind, data from journal where data like ?", (f'%{name}%',)).fetchall()
    rev_seq = [s for s, k, d in evs if k == 'credential' and '"revoked"' in d]
    opened = [s for s, k, d in evs if '"session_opened"' in d]
    late = [s for s in opened if rev_seq and s > rev_seq[0]]
    refused = [s for s, k, d in evs if k == 'refused' or 'credential_revoked' in d]
    print(f'round {r}: sessions {len(got)} opened-events {len(opened)} after-revoke-events {late} rows-left {rows} usable-after {alive} refused-journaled {len(refused)}', flush=True)
print('survivors', survivors)
