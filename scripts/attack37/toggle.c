// bounded link toggler: toggle KEY at each NAME (comma list) for SECS seconds, mode 0/1/2
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <fcntl.h>
#include <sys/stat.h>
int main(int c, char**v){
  if(c<5){fprintf(stderr,"toggle KEY NAMES SECS MODE\n");return 2;}
  char*key=v[1]; double secs=atof(v[3]); int mode=atoi(v[4]);
  char*names[8]; int n=0; char*s=strdup(v[2]); for(char*t=strtok(s,",");t&&n<8;t=strtok(0,",")) names[n++]=t;
  struct timespec t0,t1; clock_gettime(CLOCK_MONOTONIC,&t0);
  long links=0, it=0; char tmp[4096], tmp2[4096];
  for(;;){
    for(int i=0;i<n;i++){
      snprintf(tmp,sizeof tmp,"%s.tg%d",names[i],getpid()); snprintf(tmp2,sizeof tmp2,"%s.tm%d",names[i],getpid());
      if(mode==0){ if(link(key,names[i])==0){links++; unlink(names[i]);} }
      else if(mode==1){ if(link(key,tmp)==0){ if(rename(tmp,names[i])==0){links++;} unlink(names[i]); unlink(tmp);} }
      else if(mode==2){ if(link(key,names[i])==0){links++; rename(names[i],tmp2); unlink(tmp2);} }
      else if(mode==3){ /* link, leave a tiny hold, unlink */ if(link(key,names[i])==0){links++; for(volatile int k=0;k<(int)(it%200);k++); unlink(names[i]);} }
    }
    if((++it&1023)==0){ clock_gettime(CLOCK_MONOTONIC,&t1); if((t1.tv_sec-t0.tv_sec)+(t1.tv_nsec-t0.tv_nsec)/1e9>secs) break; }
  }
  for(int i=0;i<n;i++){ struct stat st; if(lstat(names[i],&st)==0 && st.st_nlink>1) unlink(names[i]); }
  printf("links=%ld\n",links); return 0;
}
