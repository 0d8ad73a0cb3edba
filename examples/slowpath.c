/* A program with versions whose change is a new path (issue 33, history across versions):
 * `slowpath <version> <slow-from> <state-file>` runs as its version <version> would. Every run does
 * load() then render(), each calling step() a number of times that varies from version to version by up
 * to ±5 % (a hash of the version and the stage: noise, the same for every run of a version). From version
 * <slow-from> on (0: never), every other run (a counter kept in <state-file>, so the alternation is exact)
 * also takes a slow path between them, rebuild() calling mend() on a thread of its own: half the runs
 * after the change have a second thread no run before has (a candidate for an execution pattern that
 * appeared, 004) and a new context, rebuild → mend, that holds the change. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned mix(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

/* A count near `base`, within ±5 %, fixed by the version and the stage. */
static int noisy(int base, unsigned version, unsigned stage) {
  double u = (mix(version * 2654435761U + stage) % 2001) / 1000.0 - 1.0; /* [-1, 1] */
  return (int)(base * (1.0 + 0.05 * u));
}

__attribute__((noinline)) static long step(long x) {
  volatile long acc = x;
  for (int i = 0; i < 2000; i++) acc = acc * 31 + i;
  return acc;
}

__attribute__((noinline)) static long load(int n) {
  long acc = 0;
  for (int i = 0; i < n; i++) acc += step(i);
  return acc;
}

/* The slow path's own leaf, run on a thread of its own while main waits: the runs that take it have a
 * second thread busy in a function no fast run spends time in (a shape of their own, 004 §3.1.2). */
__attribute__((noinline)) static long mend(long x) {
  volatile long acc = x;
  for (int i = 0; i < 2000; i++) acc = acc * 17 + i;
  return acc;
}

struct rebuild_job {
  int n;
  long acc;
};

__attribute__((noinline)) static void *rebuild(void *arg) {
  struct rebuild_job *job = arg;
  for (int i = 0; i < job->n; i++) job->acc ^= mend(job->acc + i);
  return NULL;
}

__attribute__((noinline)) static long render(int n) {
  long acc = 0;
  for (int i = 0; i < n; i++) acc += step(acc) & 0xff;
  return acc;
}

/* The count of runs before this one, kept in `path`, advanced by one. */
static long next_run(const char *path) {
  long n = 0;
  FILE *f = fopen(path, "r");
  if (f) {
    if (fscanf(f, "%ld", &n) != 1) n = 0;
    fclose(f);
  }
  f = fopen(path, "w");
  if (!f) {
    perror(path);
    exit(2);
  }
  fprintf(f, "%ld\n", n + 1);
  fclose(f);
  return n;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: slowpath <version> <slow-from (0: never)> <state-file>\n");
    return 2;
  }
  unsigned version = (unsigned)atoi(argv[1]);
  unsigned from = (unsigned)atoi(argv[2]);
  long run = next_run(argv[3]);
  long r = load(noisy(300, version, 1));
  if (from != 0 && version >= from && run % 2 == 1) {
    struct rebuild_job job = {noisy(2000, version, 2), 0};
    pthread_t t;
    if (pthread_create(&t, NULL, rebuild, &job) != 0 || pthread_join(t, NULL) != 0) {
      fprintf(stderr, "slowpath: cannot run the slow path's thread\n");
      return 1;
    }
    r ^= job.acc;
  }
  r += render(noisy(300, version, 3));
  printf("%ld\n", r & 0xffff);
  return 0;
}
