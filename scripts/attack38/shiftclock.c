// LD_PRELOAD shim: CLOCK_REALTIME (and gettimeofday/time) shifted by SHIFT_SECONDS (may be negative)
#define _GNU_SOURCE
#include <time.h>
#include <sys/time.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>
static long shift(void){ const char *s = getenv("SHIFT_SECONDS"); return s ? atol(s) : 0; }
int clock_gettime(clockid_t c, struct timespec *ts){
  int r = syscall(SYS_clock_gettime, c, ts);
  if (r == 0 && (c == CLOCK_REALTIME || c == CLOCK_REALTIME_COARSE)) ts->tv_sec += shift();
  return r;
}
int gettimeofday(struct timeval *tv, void *tz){
  struct timespec ts; int r = clock_gettime(CLOCK_REALTIME, &ts);
  if (tv) { tv->tv_sec = ts.tv_sec; tv->tv_usec = ts.tv_nsec / 1000; } return r;
}
time_t time(time_t *t){ struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts); if (t) *t = ts.tv_sec; return ts.tv_sec; }
