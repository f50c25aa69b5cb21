# a sign-out on server A racing a vote with the same session on server B: no vote may land after the session closed
import sys, threading, time, json, sqlite3, random
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT = ENV['bot']
CAROL = ENV['carol']
tag = str(int(time.time())); bad = 0; stats = {}
con = sqlite3.connect('/tmp/attack38/w/fe.db')
for r in range(int(sys.argv[1])):
    j = req(18091, 'POST', '/v1/decide', {'request_id': f'so{tag}-{r}', 'action': 'note.add', 'params': {'text': 'so'}}, token=BOT)[1]
    aid, dg = j['approval_id'], j['digest']
    s, sj, ck = req(18091, 'POST', '/console/session', {'token': CAROL}); cookie = ck.split(';')[0]; csrf = sj['csrf']
    bar = threading.Barrier(2); out = {}
    def so(): bar.wait(); time.sleep(random.random() * 0.01); out['so'] = req(18091, 'DELETE', '/console/session', cookie=cookie, csrf=csrf)[0]
    def vote(): bar.wait(); time.sleep(random.random() * 0.01); out['v'] = req(18092, 'POST', f'/v1/approvals/{aid}/approve', {'digest': dg}, cookie=cookie, csrf=csrf)[0]
    ts = [threading.Thread(target=so), threading.Thread(target=vote)]; [t.start() for t in ts]; [t.join() for t in ts]
    k = (out['so'], out['v']); stats[k] = stats.get(k, 0) + 1
    rows = con.execute("select seq, kind, data from journal where seq > (select max(seq) - 12 from journal)").fetchall()
    closed = [s for s, kd, d in rows if '"session_closed"' in d]
    appr = [s for s, kd, d in rows if kd == 'approved' and f'"approval_id":{aid},' in d]
    if closed and appr and appr[0] > closed[-1]: bad += 1; print('BAD vote after close', r, closed, appr)
    if out['v'] == 200 and not appr: print('answered 200 but no approved event', r)
print('answers (signout, vote):', stats, 'votes after the close:', bad)
