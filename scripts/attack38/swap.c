// Puts a fresh foreign file (marked with its number) at the companion's name by rename(2), spins, and takes back
// what stands there. A victim deleted (ENOENT, or another file taken back) or changed in place means a door
// acted on a foreign file that stood at the companion's name after (or while) its checks ran. Bounded in time.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <time.h>
#include <fcntl.h>
#include <errno.h>
#include <string.h>
int main(int argc, char **argv) {
  const char *dir = argv[1]; const char *comp = argv[2]; int secs = atoi(argv[3]);
  if (chdir(dir)) return 1;
  time_t end = time(0) + secs; long n = 0, gone = 0, other = 0, changed = 0;
  char want[256], got[256];
  while (time(0) < end) {
    n++;
    int len = snprintf(want, sizeof want, "FOREIGN PRECIOUS FILE number %ld, not SQLite's ................................................\n", n);
    int fd = open("victim.tmp", O_WRONLY | O_CREAT | O_TRUNC, 0644); write(fd, want, len); close(fd);
    if (rename("victim.tmp", comp) != 0) continue;
    for (volatile int i = 0; i < 2000 + rand() % 40000; i++);
    if (rename(comp, "back") != 0) { if (errno == ENOENT) { gone++; printf("#%ld: the victim was deleted at the companion's name\n", n); } continue; }
    fd = open("back", O_RDONLY); int r = read(fd, got, sizeof got); close(fd);
    if (r < 0) r = 0;
    if (r == len && memcmp(got, want, len) == 0) { unlink("back"); continue; }
    if (r >= 29 && memcmp(got, "FOREIGN PRECIOUS FILE number ", 29) == 0) { changed++; printf("#%ld: the victim was changed in place\n", n); rename("back", "changed.sample"); }
    else { other++; if (other < 5) printf("#%ld: another file stood at the name when taken back (victim deleted, then a new one made): %d bytes\n", n, r); unlink("back"); }
  }
  printf("victims %ld deleted(ENOENT) %ld replaced %ld changed %ld\n", n, gone, other, changed);
  return 0;
}
