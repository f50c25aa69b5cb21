#!/usr/bin/env python3
import os
"""Loopback TCP proxy LISTEN -> TARGET. While the file CUT exists: every open connection is reset and new ones are
refused (closed at once). Stops by itself after MAXSECS."""
import asyncio, os, sys, socket, time
LP, TP, CUT, MAXS = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
conns = set()
async def pipe(r, w):
    try:
        while True:
            b = await r.read(65536)
            if not b: break
            w.write(b); await w.drain()
    except Exception: pass
    finally:
        try: w.close()
        except Exception: pass
async def handle(cr, cw):
    if os.path.exists(CUT): cw.close(); return
    try: sr, sw = await asyncio.open_connection("127.0.0.1", TP)
    except Exception: cw.close(); return
    pair = (cw, sw); conns.add(pair)
    await asyncio.gather(pipe(cr, sw), pipe(sr, cw)); conns.discard(pair)
async def watch():
    t0 = time.time()
    while time.time() - t0 < MAXS:
        if os.path.exists(CUT):
            for cw, sw in list(conns):
                for w in (cw, sw):
                    try:
                        s = w.get_extra_info("socket"); s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"); w.close()
                    except Exception: pass
            conns.clear()
        await asyncio.sleep(0.01)
    os._exit(0)
async def main():
    srv = await asyncio.start_server(handle, "127.0.0.1", LP)
    await asyncio.gather(srv.serve_forever(), watch())
asyncio.run(main())
