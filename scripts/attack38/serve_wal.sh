#!/bin/bash
# H3 through `serve`: an ISO-like file (32 KiB of zeros, then data) at DB-wal is taken and deleted by a serve's start and stop
/work/attack38/scripts/mkbase.sh
D=/tmp/attack38/srvwal; rm -rf $D; mkdir -p $D; cd $D; sqlite3 /tmp/attack38/base/fe.db ".backup fe.db"
python3 -c "open('fe.db-wal','wb').write(b'\0'*32768+b'ISO-LIKE PRECIOUS DATA'*100)"
timeout 5 /work/attack38/foureyes --db fe.db --policy /work/attack38/scripts/policy.yaml serve --listen 127.0.0.1:18099 2>&1 | grep -v '^warning' | head -1
ls fe.db-wal 2>/dev/null && grep -c PRECIOUS fe.db-wal || echo "fe.db-wal (the foreign file) is gone"
