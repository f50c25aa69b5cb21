// wallshift: shift only the wall clock (CLOCK_REALTIME*, gettimeofday, time) by the seconds in the file $WALLSHIFT_FILE
// (re-read on every call, so a running process can be stepped). Monotonic/boottime untouched = a real clock step.
#define _GNU_SOURCE
#include <time.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdlib.h>
static long long shift_ms(void){ const char*f=getenv("WALLSHIFT_FILE"); if(!f) return 0; int fd=open(f,O_RDONLY); if(fd<0) return 0;
  char b[64]; int n=read(fd,b,63); close(fd); if(n<=0) return 0; b[n]=0; return atoll(b); }
int clock_gettime(clockid_t c, struct timespec*t){ int r=syscall(SYS_clock_gettime,c,t); if(r==0 && (c==CLOCK_REALTIME||c==CLOCK_REALTIME_COARSE)){ long long s=shift_ms(); long long ns=(long long)t->tv_nsec + (s%1000)*1000000LL; t->tv_sec += s/1000 + (ns>=1000000000LL) - (ns<0); t->tv_nsec = (ns%1000000000LL+1000000000LL)%1000000000LL; } return r; }
int gettimeofday(struct timeval*tv, void*tz){ struct timespec t; int r=clock_gettime(CLOCK_REALTIME,&t); if(tv){tv->tv_sec=t.tv_sec; tv->tv_usec=t.tv_nsec/1000;} return r; }
time_t time(time_t*o){ struct timespec t; clock_gettime(CLOCK_REALTIME,&t); if(o)*o=t.tv_sec; return t.tv_sec; }
