/* Direct and mutual recursion, to check that function totals count each
 * nested activation once. Usage: recursion [depth=6] [rounds=20] */
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void leaf(int k)
{
	for (int i = 0; i < 200; i++)
		sink += (unsigned long)(i ^ k);
}

int fib(int n)
{
	leaf(n);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

void odd(int n);
void even(int n) { leaf(n); if (n > 0) odd(n - 1); }
void odd(int n) { leaf(n); if (n > 0) even(n - 1); }

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 6;
	int rounds = argc > 2 ? atoi(argv[2]) : 20;
	for (int r = 0; r < rounds; r++) {
		sink += (unsigned long)fib(depth);
		even(depth + r % 3);
	}
	return 0;
}
