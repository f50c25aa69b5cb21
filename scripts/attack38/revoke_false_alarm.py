# HOLE repro: a legitimate `token revoke` racing sign-ins / bearer reads journals `record_altered`
# ("the row was not written by the door") though nobody touched the database by hand.
import sys, threading, time, json, subprocess, sqlite3
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
F = '/work/attack38/foureyes'; DB = sys.argv[2] if len(sys.argv) > 2 else '/tmp/attack38/w/fe.db'
ports = [int(p) for p in (sys.argv[3] if len(sys.argv) > 3 else '18091,18092').split(',')]
mode = sys.argv[4] if len(sys.argv) > 4 else 'signin'
rounds = int(sys.argv[1]); tag = str(int(time.time()))
tot = {'alarm': 0, 'answers': {}}
for r in range(rounds):
    name = f'fa{tag}x{r}'
    tok = json.loads(subprocess.run([F, '--db', DB, 'token', 'create', '--name', name, '--role', 'approver', '--json'], capture_output=True, text=True).stdout)['token']
    def hammer(port):
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=30); n = 0
        while n < 5:
            if mode == 'signin':
                c.request('POST', '/console/session', body=json.dumps({'token': tok}), headers={'Content-Type': 'application/json'})
            else:
                c.request('GET', '/v1/me', headers={'Authorization': 'Bearer ' + tok})
            rr = c.getresponse(); b = rr.read()
            k = (rr.status, json.loads(b).get('error', {}).get('code') if rr.status != 200 else 'ok')
            tot['answers'][k] = tot['answers'].get(k, 0) + 1
            if rr.status != 200: n += 1
    ts = [threading.Thread(target=hammer, args=(p,)) for p in ports]
    [t.start() for t in ts]; time.sleep(0.08)
    subprocess.run([F, '--db', DB, 'token', 'revoke', name], capture_output=True)
    [t.join() for t in ts]
    con = sqlite3.connect(DB)
    a = con.execute("select count(*) from journal where kind='refused' and data like ? and data like '%record_altered%'", (f'%"{name}"%',)).fetchone()[0]
    tot['alarm'] += a
    # the rows as the door left them: does the tokens row agree with the journal?
    row = con.execute("select revoked_ms is not null from tokens where name=?", (name,)).fetchone()
    print(f'round {r}: record_altered events {a}; tokens row revoked={row[0]}', flush=True)
print('total', tot)
