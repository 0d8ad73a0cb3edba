/* A program with versions (issue 33, history across versions): `versioned <version> <regressed-from>`
 * runs as its version <version> would. Three stages each call step() a number of times that varies
 * from version to version by up to ±5 % (a hash of the version and the stage: noise, the same for every
 * run of a version); from version <regressed-from> on (0: never), transform() calls it 30 % more often,
 * the regression the history must find at that version and explain by transform(). */
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

__attribute__((noinline)) static long parse(int n) {
  long acc = 0;
  for (int i = 0; i < n; i++) acc += step(i);
  return acc;
}

__attribute__((noinline)) static long transform(int n) {
  long acc = 0;
  for (int i = 0; i < n; i++) acc ^= step(acc + i);
  return acc;
}

__attribute__((noinline)) static long checksum(int n) {
  long acc = 0;
  for (int i = 0; i < n; i++) acc += step(acc) & 0xff;
  return acc;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: versioned <version> <regressed-from (0: never)>\n");
    return 2;
  }
  unsigned version = (unsigned)atoi(argv[1]);
  unsigned from = (unsigned)atoi(argv[2]);
  int t = noisy(300, version, 2);
  if (from != 0 && version >= from) t = t * 13 / 10;
  long r = parse(noisy(200, version, 1)) + transform(t) + checksum(noisy(100, version, 3));
  printf("%ld\n", r & 0xffff);
  return 0;
}
