/* One function, two behaviours: work() always does the same amount under
 * steady() and alternates between little and much under bursty(), so it is
 * high-variant in one calling context and low-variant in the other.
 * Usage: two_callers [calls=100] */
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void work(int n)
{
	unsigned long acc = 1;
	for (int k = 0; k < n; k++)
		acc = acc * 31 + (unsigned long)k;
	sink += acc;
}

/* Tens of microseconds or more per call, so the recorder's own hiccups stay small beside it. */
__attribute__((noinline)) void steady(void) { work(100000); }
__attribute__((noinline)) void bursty(int i) { work(i % 2 ? 20000 : 200000); }
/* First calls run cold (page faults, caches); they happen here, apart. */
__attribute__((noinline)) void warm_up(void) { work(100000); }

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 100;
	warm_up();
	for (int i = 0; i < calls; i++) {
		steady();
		bursty(i);
	}
	return 0;
}
