#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/time.h>
#include <limits.h>
#include <stdatomic.h>
/* env: SHIM_MATCH=substring of path; SHIM_FSYNC_N=n (fail n-th fsync/fdatasync on matching fd);
   SHIM_WRITE_N=n fail n-th write/pwrite; SHIM_ERRNO=5|28; SHIM_STICKY=1 keep failing after;
   SHIM_SHORT=1 make the failing write short (half) instead of error; SHIM_OFFSET=seconds (realtime offset) */
static atomic_long nf, nw;
static int match(int fd){
  const char *m=getenv("SHIM_MATCH"); if(!m) return 0;
  char p[64], buf[PATH_MAX]; snprintf(p,sizeof p,"/proc/self/fd/%d",fd);
  ssize_t k=readlink(p,buf,sizeof buf-1); if(k<=0) return 0; buf[k]=0;
  int ok = getenv("SHIM_EXACT") ? strcmp(buf,m)==0 : strstr(buf,m)!=NULL;
  return ok;
}
static int err(){ const char*e=getenv("SHIM_ERRNO"); return e?atoi(e):EIO; }
static void note(const char*w,long n){ const char*l=getenv("SHIM_LOG"); if(!l)return; FILE*f=fopen(l,"a"); if(f){fprintf(f,"%s #%ld failed errno=%d\n",w,n,err()); fclose(f);} }
static int fail_fsync(int fd){
  const char*s=getenv("SHIM_FSYNC_N"); if(!s||!match(fd)) return 0;
  long n=++nf; long t=atol(s);
  if(getenv("SHIM_TRACE")){ const char*l=getenv("SHIM_LOG"); FILE*f=l?fopen(l,"a"):0; if(f){fprintf(f,"fsync %ld fd %d\n",n,fd);fclose(f);} }
  if(n==t || (getenv("SHIM_STICKY") && n>t)){ const char*dl=getenv("SHIM_FSYNC_DELAY_MS"); note("begin-fsync",n); if(dl) usleep(atol(dl)*1000); note("fsync",n); errno=err(); return 1;} return 0;
}
static int fail_write(int fd){
  const char*s=getenv("SHIM_WRITE_N"); if(!s||!match(fd)) return 0;
  long n=++nw; long t=atol(s);
  if(n==t || (getenv("SHIM_STICKY") && n>t)){ const char*dl=getenv("SHIM_FSYNC_DELAY_MS"); note("begin-write",n); if(dl) usleep(atol(dl)*1000); note("write",n); return 1;} return 0;
}
int fsync(int fd){ static int(*r)(int); if(!r) r=dlsym(RTLD_NEXT,"fsync"); if(fail_fsync(fd)) return -1; return r(fd); }
int fdatasync(int fd){ static int(*r)(int); if(!r) r=dlsym(RTLD_NEXT,"fdatasync"); if(fail_fsync(fd)) return -1; return r(fd); }
ssize_t write(int fd,const void*b,size_t c){ static ssize_t(*r)(int,const void*,size_t); if(!r) r=dlsym(RTLD_NEXT,"write");
  if(fail_write(fd)){ if(getenv("SHIM_SHORT")&&c>1) return r(fd,b,c/2); errno=err(); return -1;} return r(fd,b,c); }
ssize_t pwrite64(int fd,const void*b,size_t c,off_t o){ static ssize_t(*r)(int,const void*,size_t,off_t); if(!r) r=dlsym(RTLD_NEXT,"pwrite64");
  if(fail_write(fd)){ if(getenv("SHIM_SHORT")&&c>1) return r(fd,b,c/2,o); errno=err(); return -1;} return r(fd,b,c,o); }
ssize_t pwrite(int fd,const void*b,size_t c,off_t o){ static ssize_t(*r)(int,const void*,size_t,off_t); if(!r) r=dlsym(RTLD_NEXT,"pwrite");
  if(fail_write(fd)){ if(getenv("SHIM_SHORT")&&c>1) return r(fd,b,c/2,o); errno=err(); return -1;} return r(fd,b,c,o); }
static double offd(void);
static long off(){ return (long)offd(); }
static double offd(){ const char*f=getenv("SHIM_OFFSET_FILE"); if(f){ static int(*ro)(const char*,int); if(!ro) ro=dlsym(RTLD_NEXT,"open");
  int fd=ro(f,0); if(fd>=0){ char b[32]={0}; ssize_t k=read(fd,b,31); close(fd); if(k>0) return atof(b);} }
  const char*s=getenv("SHIM_OFFSET"); return s?atof(s):0; }
int clock_gettime(clockid_t id, struct timespec*ts){ static int(*r)(clockid_t,struct timespec*); if(!r) r=dlsym(RTLD_NEXT,"clock_gettime");
  int x=r(id,ts); if(x==0 && (id==CLOCK_REALTIME||id==CLOCK_REALTIME_COARSE)){ double o=offd(); long long ns=(long long)ts->tv_sec*1000000000LL+ts->tv_nsec+(long long)(o*1e9); ts->tv_sec=ns/1000000000LL; ts->tv_nsec=ns%1000000000LL;} return x; }
int gettimeofday(struct timeval*tv, void*tz){ static int(*r)(struct timeval*,void*); if(!r) r=dlsym(RTLD_NEXT,"gettimeofday");
  int x=r(tv,tz); if(x==0&&tv) tv->tv_sec+=off(); return x; }
time_t time(time_t*t){ struct timespec ts; clock_gettime(CLOCK_REALTIME,&ts); if(t)*t=ts.tv_sec; return ts.tv_sec; }
