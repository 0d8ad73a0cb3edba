/* Alternates work with waiting: work() grows each round, nap() sleeps in
 * usleep, so the trace holds off-CPU time (uftrace's linux:schedule) inside a
 * known call chain. Usage: work_and_wait [rounds=5] [sleep_us=300] */
#include <stdlib.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) void work(int k)
{
	for (int i = 0; i < 2000 * k; i++)
		sink += (unsigned long)i;
}

__attribute__((noinline)) void nap(int us)
{
	usleep((useconds_t)us);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 5;
	int us = argc > 2 ? atoi(argv[2]) : 300;
	for (int r = 0; r < rounds; r++) {
		work(r + 1);
		nap(us);
	}
	return 0;
}
