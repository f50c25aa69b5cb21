# ADR-404: a first-seen pin never replaces a pin (the journal's or the policy's), whatever the spelling of the names
import sys, json, time, hashlib, unicodedata
sys.path.insert(0, '/work/attack38/scripts'); from lib import *
BOT = ENV['bot']
H = lambda s: hashlib.sha256(s.encode()).hexdigest()
tag = str(int(time.time()))[-5:]
def pin(server, tool, h, port=18091):
    s, j, _ = req(port, 'POST', '/v1/mcp/pins', {'server': server, 'tool': tool, 'sha256': h}, token=BOT)
    return s, (j.get('error', {}).get('code') if 'error' in j else j.get('pin'))
def holds(server):
    s, j, _ = req(18091, 'GET', '/v1/mcp/pins?server=' + server, token=BOT)
    return j
# policy pin: fs / Write_File = aaaa…
print('policy tool, other hash:', pin('fs', 'Write_File', H('evil')))
for v in ['write_file', 'WRITE_FILE', 'Write_File ', ' Write_File', 'Write_File\u0000', 'Write_File.', 'Write_File\t', 'Ｗrite_File', 'Write\u200b_File', 'Write_File\n']:
    print('policy tool variant', repr(v), pin('fs', v, H('evil')))
for sv in ['FS', 'fs ', 'fs\u0000', 'fs.', 'ｆｓ']:
    print('policy server variant', repr(sv), pin(sv, 'Write_File', H('evil')))
# journal pin first seen, then variants
srv = 'srv' + tag; base = 'café'   # NFC
print('first pin', pin(srv, base, H('good')))
print('same again, other server B', pin(srv, base, H('evil'), 18092))
for v in [unicodedata.normalize('NFD', base), 'Café', base + ' ', base + '\u0000', base + '.', 'cafe\u0301']:
    print('journal tool variant', repr(v), pin(srv, v, H('evil')))
# the dot: (srv, "a.b") vs (srv+".a", "b")  — one action name mcp.srv.a.b
print('dot first', pin(srv, 'a.b', H('good')))
print('dot other split', pin(srv + '.a', 'b', H('evil')))
print('dot other split 2', pin(srv + '.a.b', '', H('evil')))
print('GET pins', json.dumps(holds(srv))[:1500])
print('GET pins srv.a', json.dumps(holds(srv + '.a'))[:600])
print('GET pins fs', json.dumps(holds('fs'))[:600])
