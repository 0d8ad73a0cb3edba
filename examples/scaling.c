/* A program with versions whose change is one of scaling (issue 33, history across versions):
 * `scaling <version> <quadratic-from> <n>` runs as its version <version> would on an input of size n.
 * Its sort() calls step() about n times (within ±5 %, a hash of the version: noise, the same for every
 * run of a version); from version <quadratic-from> on (0: never), n·n/50 times: the same cost at n = 50,
 * 4 times more at n = 200. The history must find the change and explain it by an exponent of n that
 * went from 1 to 2 (paper 002's trend, fitted on each side of the change). */
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

__attribute__((noinline)) static long step(long x) {
  volatile long acc = x;
  for (int i = 0; i < 2000; i++) acc = acc * 31 + i;
  return acc;
}

__attribute__((noinline)) static long sort(long calls) {
  long acc = 0;
  for (long i = 0; i < calls; i++) acc += step(acc + i);
  return acc;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: scaling <version> <quadratic-from (0: never)> <n>\n");
    return 2;
  }
  unsigned version = (unsigned)atoi(argv[1]);
  unsigned from = (unsigned)atoi(argv[2]);
  long n = atol(argv[3]);
  double u = (mix(version * 2654435761U) % 2001) / 1000.0 - 1.0; /* [-1, 1] */
  long calls = (from != 0 && version >= from) ? n * n / 50 : n;
  long r = sort((long)(calls * (1.0 + 0.05 * u)));
  printf("%ld\n", r & 0xffff);
  return 0;
}
