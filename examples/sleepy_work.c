/* A known answer for per-function trends under timing noise (issue 28 item
 * 5c): work(m) calls step() m*m times, so in calls its transitive-cost is
 * exactly m² + 1, whatever the machine. One invocation in SLEEP_EVERY also
 * sleeps SLEEP_US microseconds off the CPU, as a preempted call would be:
 * traced without scheduler events (uftrace --no-event) that time counts as
 * the call's own and swamps the m² growth; with them (uftrace's default) the
 * off-CPU time is known and left out (on-CPU time). Which invocations sleep
 * and their m are drawn from SEED.
 * Usage: sleepy_work N SEED [SLEEP_US] — N invocations of work, m in 4..40. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SLEEP_EVERY 4

static volatile unsigned long long sink;

__attribute__((noinline)) void step(unsigned long long v)
{
	sink += v * 2654435761u;
}

__attribute__((noinline)) void work(int m, int sleep_us)
{
	for (int i = 0; i < m * m; i++)
		step((unsigned long long)i);
	if (sleep_us > 0) {
		struct timespec ts = { sleep_us / 1000000, (long)(sleep_us % 1000000) * 1000 };
		nanosleep(&ts, NULL);
	}
}

int main(int argc, char **argv)
{
	if (argc < 3 || atoi(argv[1]) < 1) {
		fprintf(stderr, "usage: sleepy_work N SEED [SLEEP_US]\n");
		return 2;
	}
	int n = atoi(argv[1]);
	unsigned long long s = strtoull(argv[2], NULL, 10) * 6364136223846793005ull + 1442695040888963407ull;
	int sleep_us = argc > 3 ? atoi(argv[3]) : 3000;
	for (int i = 0; i < n; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		int m = 4 + (int)((s >> 33) % 37);
		int sleeps = (int)((s >> 17) % SLEEP_EVERY) == 0;
		work(m, sleeps ? sleep_us : 0);
	}
	printf("sleepy_work: %d invocations (sink %llu)\n", n, (unsigned long long)sink);
	return 0;
}
