# raw TCP target: scripted responses per mode; logs each request received
import socket, sys, threading, time, os, json
PORT=int(sys.argv[1]); LOG=sys.argv[2]
def mode(): 
    try: return open(LOG+'.mode').read().strip()
    except: return 'ok'
def handle(c):
    try:
        c.settimeout(5)
        data=b''
        while b'\r\n\r\n' not in data:
            d=c.recv(65536)
            if not d: return
            data+=d
        head,_,rest=data.partition(b'\r\n\r\n')
        cl=0
        for l in head.split(b'\r\n')[1:]:
            k,_,v=l.partition(b':')
            if k.strip().lower()==b'content-length': cl=int(v)
        while len(rest)<cl:
            d=c.recv(65536)
            if not d: break
            rest+=d
        with open(LOG,'a') as f: f.write(json.dumps({"line":head.split(b'\r\n')[0].decode(),"body":rest.decode('utf8','replace')})+"\n")
        m=mode()
        R={
         'ok': b'HTTP/1.1 200 OK\r\ncontent-length: 11\r\ncontent-type: application/json\r\n\r\n{"ok":true}',
         '100': b'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 11\r\n\r\n{"ok":true}',
         '103': b'HTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 11\r\n\r\n{"ok":true}',
         '101': b'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n',
         '204': b'HTTP/1.1 204 No Content\r\n\r\n',
         '205': b'HTTP/1.1 205 Reset Content\r\ncontent-length: 0\r\n\r\n',
         '202': b'HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n',
         '307self': b'HTTP/1.1 307 Temporary Redirect\r\nlocation: '+head.split(b' ')[1]+b'\r\ncontent-length: 0\r\n\r\n',
         '308self': b'HTTP/1.1 308 Permanent Redirect\r\nlocation: '+head.split(b' ')[1]+b'\r\ncontent-length: 0\r\n\r\n',
         '303': b'HTTP/1.1 303 See Other\r\nlocation: /api/other\r\ncontent-length: 0\r\n\r\n',
         '300': b'HTTP/1.1 300 Multiple\r\nlocation: '+head.split(b' ')[1]+b'\r\ncontent-length: 0\r\n\r\n',
         '304': b'HTTP/1.1 304 Not Modified\r\n\r\n',
         '399': b'HTTP/1.1 399 Weird\r\nlocation: '+head.split(b' ')[1]+b'\r\ncontent-length: 0\r\n\r\n',
         '400': b'HTTP/1.1 400 Bad\r\ncontent-length: 0\r\n\r\n',
         '408': b'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n',
         '409': b'HTTP/1.1 409 Conflict\r\ncontent-length: 0\r\n\r\n',
         '421': b'HTTP/1.1 421 Misdirected\r\ncontent-length: 0\r\n\r\n',
         '425': b'HTTP/1.1 425 Too Early\r\ncontent-length: 0\r\n\r\n',
         '429': b'HTTP/1.1 429 Too Many\r\nretry-after: 0\r\ncontent-length: 0\r\n\r\n',
         '499': b'HTTP/1.1 499 Closed\r\ncontent-length: 0\r\n\r\n',
         '600': b'HTTP/1.1 600 Odd\r\ncontent-length: 0\r\n\r\n',
         '099': b'HTTP/1.1 099 Odd\r\ncontent-length: 0\r\n\r\n',
         'close': b'',
         'garbage': b'NOT HTTP\r\n\r\n',
         'http10': b'HTTP/1.0 200 OK\r\n\r\n{"ok":true}',
         'bodyshort': b'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"ok":true}',
         'dupcl': b'HTTP/1.1 200 OK\r\ncontent-length: 11\r\ncontent-length: 12\r\n\r\n{"ok":true}',
         'nohead': None,
         'slowhead': 'slow',
         'endless': 'endless',
        }
        r=R.get(m, R['ok'])
        if r is None: time.sleep(6); return
        if r=='slow':
            c.sendall(b'HTTP/1.1 200 OK\r\n')
            for _ in range(8): time.sleep(1); c.sendall(b'x-a: b\r\n')
            return
        if r=='endless':
            c.sendall(b'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n')
            for _ in range(8): time.sleep(1); c.sendall(b'1\r\na\r\n')
            return
        c.sendall(r)
        time.sleep(0.3)
    except Exception as e:
        pass
    finally:
        c.close()
s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR,1); s.bind(('127.0.0.1',PORT)); s.listen(16)
while True:
    c,_=s.accept(); threading.Thread(target=handle,args=(c,),daemon=True).start()
