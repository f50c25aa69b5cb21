/* FourEyes fault-injection shim (LD_PRELOAD), compiled by the `faults_*` tests with the system C compiler.
 *
 * It fails chosen write/fsync calls on the files whose path contains $FOUREYES_FAULT_MATCH (e.g. the database's
 * name, which covers its -wal and -journal files too, but not the clock anchor `DB.clock`):
 *   FOUREYES_FAULT_OP     fsync (fsync + fdatasync) | write (write + pwrite + pwrite64)
 *   FOUREYES_FAULT_EXACT  if set, only the file whose name is exactly $FOUREYES_FAULT_MATCH (not its -wal/-shm)
 *   FOUREYES_FAULT_AFTER  let this many matching calls through first
 *   FOUREYES_FAULT_TIMES  then fail this many (default 1; afterwards calls succeed again, as after fsyncgate)
 *   FOUREYES_FAULT_ERRNO  EIO (default) | ENOSPC
 *   FOUREYES_FAULT_LOG    a file to which one line per injected fault is appended
 *   FOUREYES_FAULT_ARM    if set, calls are counted only once this file exists (the test creates it when the
 *                         server is up, so start-up writes are never the ones that fail)
 *   FOUREYES_FAULT_CLOCK  a file holding a number of milliseconds added to every CLOCK_REALTIME reading (a wall
 *                         clock step, as NTP makes it; the monotonic clocks are left alone); read on each call
 * The Rust workspace forbids unsafe code, so the interposition lives here, outside it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

static atomic_long seen;
static atomic_long failed;

static int matches(int fd, const char *op) {
    const char *want = getenv("FOUREYES_FAULT_MATCH");
    const char *which = getenv("FOUREYES_FAULT_OP");
    if (!want || !which || strcmp(which, op) != 0) return 0;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = 0;
    /* The clock anchor beside the database (`DB.clock`, ADR-730) is not the database: a failed write of it is left
     * to the next one, so counting it would let the fault miss the database's own files. */
    if (strstr(path, ".clock")) return 0;
    if (getenv("FOUREYES_FAULT_EXACT")) {
        /* The file itself only (the database, not its -wal or -shm): what a checkpoint writes. */
        size_t lp = strlen(path), lw = strlen(want);
        return lp > lw && path[lp - lw - 1] == '/' && strcmp(path + lp - lw, want) == 0;
    }
    return strstr(path, want) != NULL;
}

/* Whether this call must fail; sets errno. */
static int inject(int fd, const char *op, const char *call) {
    if (!matches(fd, op)) return 0;
    const char *arm = getenv("FOUREYES_FAULT_ARM");
    if (arm && access(arm, F_OK) != 0) return 0;
    long after = getenv("FOUREYES_FAULT_AFTER") ? atol(getenv("FOUREYES_FAULT_AFTER")) : 0;
    long times = getenv("FOUREYES_FAULT_TIMES") ? atol(getenv("FOUREYES_FAULT_TIMES")) : 1;
    long n = atomic_fetch_add(&seen, 1);
    if (n < after || atomic_load(&failed) >= times) return 0;
    atomic_fetch_add(&failed, 1);
    const char *e = getenv("FOUREYES_FAULT_ERRNO");
    int code = (e && strcmp(e, "ENOSPC") == 0) ? ENOSPC : EIO;
    const char *log = getenv("FOUREYES_FAULT_LOG");
    if (log) {
        int saved = errno;
        FILE *f = fopen(log, "a");
        if (f) {
            fprintf(f, "%s fd=%d call=%ld errno=%s\n", call, fd, n, code == ENOSPC ? "ENOSPC" : "EIO");
            fclose(f);
        }
        errno = saved;
    }
    errno = code;
    return 1;
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

int fsync(int fd) {
    if (inject(fd, "fsync", "fsync")) return -1;
    return NEXT(fsync)(fd);
}

int fdatasync(int fd) {
    if (inject(fd, "fsync", "fdatasync")) return -1;
    return NEXT(fdatasync)(fd);
}

ssize_t write(int fd, const void *buf, size_t count) {
    if (inject(fd, "write", "write")) return -1;
    return NEXT(write)(fd, buf, count);
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset) {
    if (inject(fd, "write", "pwrite")) return -1;
    return NEXT(pwrite)(fd, buf, count, offset);
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off64_t offset) {
    if (inject(fd, "write", "pwrite64")) return -1;
    return NEXT(pwrite64)(fd, buf, count, offset);
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    int rc = NEXT(clock_gettime)(id, ts);
    const char *file = getenv("FOUREYES_FAULT_CLOCK");
    if (rc != 0 || id != CLOCK_REALTIME || !file) return rc;
    int saved = errno;
    FILE *f = fopen(file, "r");
    long long offset_ms = 0;
    if (f) {
        if (fscanf(f, "%lld", &offset_ms) != 1) offset_ms = 0;
        fclose(f);
    }
    errno = saved;
    long long ns = (long long)ts->tv_nsec + (offset_ms % 1000) * 1000000LL;
    ts->tv_sec += offset_ms / 1000 + ns / 1000000000LL;
    ns %= 1000000000LL;
    if (ns < 0) {
        ns += 1000000000LL;
        ts->tv_sec -= 1;
    }
    ts->tv_nsec = ns;
    return rc;
}
