# two proxies (two servers, one SQLite file) first-see the same tool with different hashes at once: one pin, the other 409
import sys, threading, time, hashlib, json, sqlite3
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT = ENV['bot']
tag = str(int(time.time())); bad = 0
for r in range(int(sys.argv[1])):
    res = []; bar = threading.Barrier(6)
    def go(i):
        bar.wait(); res.append((i, req(18091 + i % 2, 'POST', '/v1/mcp/pins', {'server': 'race' + tag, 'tool': f't{r}', 'sha256': hashlib.sha256(str(i).encode()).hexdigest()}, token=BOT)[0]))
    ts = [threading.Thread(target=go, args=(i,)) for i in range(6)]; [t.start() for t in ts]; [t.join() for t in ts]
    ok = [i for i, s in res if s == 200]
    held = [p for p in req(18092, 'GET', f'/v1/mcp/pins?server=race{tag}', token=BOT)[1]['pins'] if p['tool'] == f't{r}']
    ev = sqlite3.connect('/tmp/attack38/w/fe.db').execute("select count(*) from journal where data like ? and data like ?", (f'%race{tag}%', f'%"t{r}"%')).fetchone()[0]
    if len(ok) != 1 or len(held) != 1 or ev != 1 or held[0]['sha256'] != hashlib.sha256(str(ok[0]).encode()).hexdigest(): bad += 1; print('BAD', r, res, held, ev)
print('rounds', sys.argv[1], 'bad', bad)
