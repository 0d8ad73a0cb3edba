/* Two worker threads with different, steady work: a crunching thread and a
 * hashing thread. Exercises per-thread traces and thread selection.
 * Usage: two_threads [iterations=40] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void crunch(int k)
{
	unsigned long acc = (unsigned long)k;
	for (int i = 0; i < 3000; i++)
		acc = acc * 6364136223846793005ul + 1442695040888963407ul;
	sink += acc;
}

__attribute__((noinline)) void hash_block(int k)
{
	unsigned long h = 1469598103934665603ul ^ (unsigned long)k;
	for (int i = 0; i < 1500; i++)
		h = (h ^ (unsigned long)i) * 1099511628211ul;
	sink += h;
}

void *cruncher(void *arg)
{
	int n = *(int *)arg;
	for (int k = 0; k < n; k++)
		crunch(k);
	return NULL;
}

void *hasher(void *arg)
{
	int n = *(int *)arg;
	for (int k = 0; k < 2 * n; k++)
		hash_block(k);
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 40;
	pthread_t a, b;
	if (pthread_create(&a, NULL, cruncher, &n) || pthread_create(&b, NULL, hasher, &n)) {
		fprintf(stderr, "two_threads: cannot create threads\n");
		return 1;
	}
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
