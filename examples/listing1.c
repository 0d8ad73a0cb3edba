/* Paper 000 Listing 1, arranged for a known variance structure: F calls G1
 * once, G3 in a loop whose trip count is either `low` or `high` (a variance
 * contributor), and one of G4 or G5, mutually exclusive and of equal cost
 * (large self terms cancelled by a large negative cross term: not a
 * contributor). Trip count and branch take all four combinations equally
 * often, so they are uncorrelated.
 * Usage: listing1 [calls=100] [low=2] [high=60] */
#include <stdlib.h>

static volatile unsigned long sink;

static void spin(int n)
{
	unsigned long acc = 1;
	for (int k = 0; k < n; k++)
		acc = acc * 31 + (unsigned long)k;
	sink += acc;
}

/* Every call does enough work (tens of microseconds or more) that the
 * recorder's own hiccups stay small beside it. */
__attribute__((noinline)) void G1(void) { spin(20000); }
__attribute__((noinline)) void G3(void) { spin(10000); }
__attribute__((noinline)) void G4(void) { spin(200000); }
__attribute__((noinline)) void G5(void) { spin(200000); }

__attribute__((noinline)) void F(int R, int T)
{
	G1();
	for (int i = 0; i < R; i++)
		G3();
	if (T >= 0)
		G4();
	else
		G5();
}

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 100;
	int low = argc > 2 ? atoi(argv[2]) : 2;
	int high = argc > 3 ? atoi(argv[3]) : 60;
	for (int i = 0; i < calls; i++)
		F((i / 2) % 2 ? high : low, i % 2 ? 1 : -1);
	return 0;
}
