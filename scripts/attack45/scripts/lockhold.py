#!/usr/bin/env python3
"""Hold a SQLite lock on DB for SECS seconds. Modes:
 excl     : BEGIN EXCLUSIVE (WAL: the write lock)
 xmode    : PRAGMA locking_mode=EXCLUSIVE + a write: the database file locked exclusively (others cannot even read)
 read     : BEGIN; SELECT (a shared read snapshot)
 shm-write: fcntl write-lock on -shm byte 120 (WAL_WRITE_LOCK)
 shm-ckpt : byte 121 (WAL_CKPT_LOCK)
 shm-recover: byte 122 (WAL_RECOVER_LOCK)
 shm-reads: bytes 123..127 (all WAL read marks), exclusive
 shm-dms  : byte 128 (DMS) exclusive
 db-pending: fcntl lock on the db file's PENDING byte (0x40000000)
"""
import sqlite3, sys, time, fcntl, os
db, mode, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
keep = []
if mode in ("excl", "xmode", "read"):
    c = sqlite3.connect(db, isolation_level=None, timeout=60)
    if mode == "excl":
        c.execute("BEGIN EXCLUSIVE")
    elif mode == "xmode":
        c.execute("PRAGMA locking_mode=EXCLUSIVE"); c.execute("BEGIN EXCLUSIVE"); c.execute("select count(*) from journal").fetchall(); c.execute("COMMIT")
        c.execute("select count(*) from journal").fetchall()
    else:
        c.execute("BEGIN"); c.execute("select count(*) from journal").fetchall()
    keep.append(c)
else:
    if mode.startswith("shm"):
        fd = os.open(db + "-shm", os.O_RDWR | os.O_CREAT, 0o644)
        rng = {"shm-write": (120, 1), "shm-ckpt": (121, 1), "shm-recover": (122, 1), "shm-reads": (123, 5), "shm-dms": (128, 1)}[mode]
    else:
        fd = os.open(db, os.O_RDWR); rng = (0x40000000, 1)
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, rng[1], rng[0])
    keep.append(fd)
print("held", mode, flush=True)
time.sleep(secs)
