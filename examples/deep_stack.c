/* A recursion deeper than the CCT builder's first stack and context table
 * (256 each): every level is a calling context of its own, so reading it
 * grows both. Usage: deep_stack [depth=700] [rounds=3] */
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void leaf(int k)
{
	sink += (unsigned long)k;
}

/* The leaf comes after the recursive call, so the call is never a tail call. */
void descend(int n)
{
	if (n > 0)
		descend(n - 1);
	leaf(n);
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 700;
	int rounds = argc > 2 ? atoi(argv[2]) : 3;
	for (int r = 0; r < rounds; r++)
		descend(depth);
	return 0;
}
