/* Varbench's calibration of an instrumenting tracer (engine/runner/calibrate.ts):
 * N calls of a function that does nothing, from one loop. Built with the
 * tracer's instrumentation (-pg, or patchable entries) and recorded, the trace's
 * time grows by the tracer's cost per call times N; built plain, it prints the
 * loop's own time (clock_gettime, ns) with "time", to take the call itself out.
 * Usage: vbcalls N [time] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__attribute__((noinline)) void vb_leaf(void)
{
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void vb_calls(long n)
{
	for (long i = 0; i < n; i++)
		vb_leaf();
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 0;
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	vb_calls(n);
	clock_gettime(CLOCK_MONOTONIC, &b);
	if (argc > 2 && strcmp(argv[2], "time") == 0)
		printf("%lld\n", (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec));
	return 0;
}
