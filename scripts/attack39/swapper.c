// Exchange a marked foreign file with DB-wal (or DB-shm) as fast as possible for N seconds; count foreign files whose
// last name was deleted (fstat nlink == 0 on the fd we hold). Usage: swapper DIR COMPANION SECONDS
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/fs.h>
static int xch(int d, const char*a, const char*b){ return syscall(SYS_renameat2, d, a, d, b, RENAME_EXCHANGE); }
int main(int c, char**v){
  int d=open(v[1],O_DIRECTORY); const char*comp=v[2]; int secs=atoi(v[3]);
  time_t end=time(0)+secs; long swaps=0, deleted=0, made=0; int fd=-1; char name[64];
  while(time(0)<end){
    if(fd<0){ snprintf(name,sizeof name,"foreign.%ld",made++); fd=openat(d,name,O_CREAT|O_RDWR|O_TRUNC,0644); dprintf(fd,"FOREIGN FILE %ld not sqlite\n",made); }
    if(xch(d,name,comp)==0){ swaps++; xch(d,name,comp); }
    struct stat st; fstat(fd,&st);
    if(st.st_nlink==0){ deleted++; close(fd); fd=-1; }
  }
  printf("swaps %ld foreign files deleted %ld (made %ld)\n",swaps,deleted,made); return 0;
}
