/* One behaviour reached two ways: step() is called by left() and by right();
 * under left() it calls decode() before filter(), under right() filter()
 * before decode(). decode()'s work alternates between little and much, and
 * filter()'s on another period, so step() is high-variant under both callers
 * with both callees as contributors, by far (a callee of constant work would
 * contribute a share of step's variance near the significance cutoff, counted
 * in one caller and not the other as the machine's noise decides):
 * the same pattern twice, which dominant variance analysis merges into one
 * (paper 000 §6), whatever order the callees run in.
 * Usage: two_orders [calls=60] */
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
__attribute__((noinline)) void decode(int i) { work(i % 2 ? 20000 : 200000); }
__attribute__((noinline)) void filter(int i) { work(i % 3 ? 20000 : 100000); }

__attribute__((noinline)) void step(int i, int decode_first)
{
	if (decode_first) {
		decode(i);
		filter(i);
	} else {
		filter(i);
		decode(i);
	}
}

__attribute__((noinline)) void left(int calls)
{
	for (int i = 0; i < calls; i++)
		step(i, 1);
}

__attribute__((noinline)) void right(int calls)
{
	for (int i = 0; i < calls; i++)
		step(i, 0);
}

/* First calls run cold (page faults, caches); they happen here, apart. */
__attribute__((noinline)) void warm_up(void) { work(100000); }

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 60;
	warm_up();
	left(calls);
	right(calls);
	return 0;
}
