/* A transmitter chain H -> U -> V -> W where only W's work varies (its loop
 * trip count depends on the call index), so U and V merely pass W's variance
 * up to H. Usage: nested_chain [calls=50] */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void W(int i)
{
	int trips = 1000 + (i % 5) * 4000;
	unsigned long acc = 1;
	for (int k = 0; k < trips; k++)
		acc = acc * 31 + (unsigned long)k;
	sink += acc;
}

__attribute__((noinline)) void V(int i) { W(i); }
__attribute__((noinline)) void U(int i) { V(i); }

__attribute__((noinline)) void H(int i)
{
	unsigned long acc = 7;
	for (int k = 0; k < 500; k++)
		acc += (unsigned long)k * 3;
	sink += acc;
	U(i);
}

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 50;
	for (int i = 0; i < calls; i++)
		H(i);
	return 0;
}
