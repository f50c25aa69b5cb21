#!/usr/bin/env python3
"""mem1 (issue 19): each minute, one row of what a running `foureyes serve` holds — VmRSS, RssAnon, open fds, every
`foureyes_door_memory_entries{part}` and `foureyes_door_memory_table_bytes` from its `/metrics` — beside a soak that
someone else drives (e.g. the `faults_soak` test, whose server listens on a port it picks).

  python3 scripts/mem1/sample.py PID [MINUTES] > table.txt

The port is the one PID listens on (from /proc/net/tcp). Stops after MINUTES (default 60) or when PID exits."""
import os, sys, time, urllib.request

PARTS = ["decisions", "request_ids", "releasable", "held_by", "window_entries", "keys", "approvals", "deadlines",
         "expired", "started", "undone", "demotions", "denials", "to_seal"]
pid = int(sys.argv[1])
minutes = int(sys.argv[2]) if len(sys.argv) > 2 else 60


def port():
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and f[9] in inodes and f[1].startswith("0100007F:"):
            return int(f[1].split(":")[1], 16)
    raise SystemExit("no loopback listening socket for pid %d" % pid)


PORT = port()


def status(key):
    for line in open(f"/proc/{pid}/status").read().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return -1


print(f"# {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())} pid={pid} port={PORT}", flush=True)
print("min | VmRSS MiB | RssAnon kB | fds | table bytes | " + " ".join(PARTS), flush=True)
t0 = time.time()
for m in range(minutes + 1):
    time.sleep(max(0.0, t0 + m * 60 - time.time()))
    if not os.path.exists(f"/proc/{pid}/status"):
        break
    held, table = {}, "-"
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{PORT}/metrics", timeout=30).read().decode()
        for line in text.splitlines():
            if line.startswith("foureyes_door_memory_entries{part="):
                held[line.split('"')[1]] = int(float(line.split()[-1]))
            elif line.startswith("foureyes_door_memory_table_bytes "):
                table = int(float(line.split()[-1]))
    except Exception:
        pass
    try:
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        print(f"{m:3d} | {status('VmRSS') // 1024:4d} | {status('RssAnon'):7d} | {fds:3d} | {table} | "
              + " ".join(str(held.get(k, "-")) for k in PARTS), flush=True)
    except FileNotFoundError:
        break
