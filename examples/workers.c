/* A threaded utility: two worker threads take requests ("<size>" per line)
 * from a shared queue and serve each in two stages, stage_a and stage_b,
 * whose cost grows with the size. Phase detection (paper 003, issue 14) on a
 * run whose requests interleave across threads: its marker entries come from
 * both, and the trace hands them over thread by thread.
 * Usage: workers FILE */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORKERS 2
#define MAX_REQUESTS 1024

static long sizes[MAX_REQUESTS];
static long count;
static long next_request;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long sink;

__attribute__((noinline)) static int take_request(long *size)
{
	pthread_mutex_lock(&lock);
	int got = next_request < count;
	if (got)
		*size = sizes[next_request++];
	pthread_mutex_unlock(&lock);
	return got;
}

__attribute__((noinline)) static unsigned long step_a(long i) { return (unsigned long)i * 2654435761u; }
__attribute__((noinline)) static unsigned long step_b(long i) { return (unsigned long)i ^ 40503u; }

__attribute__((noinline)) static void stage_a(long size)
{
	for (long i = 0; i < size; i++)
		sink += step_a(i);
}

__attribute__((noinline)) static void stage_b(long size)
{
	for (long i = 0; i < 2 * size; i++)
		sink += step_b(i);
}

__attribute__((noinline)) static void serve(long size)
{
	stage_a(size);
	stage_b(size);
}

static void *worker(void *unused)
{
	(void)unused;
	long size;
	while (take_request(&size))
		serve(size);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: workers FILE\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	while (count < MAX_REQUESTS && fscanf(in, "%ld", &sizes[count]) == 1)
		count++;
	fclose(in);
	pthread_t threads[WORKERS];
	for (int t = 0; t < WORKERS; t++)
		if (pthread_create(&threads[t], NULL, worker, NULL) != 0)
			return 1;
	for (int t = 0; t < WORKERS; t++)
		pthread_join(threads[t], NULL);
	printf("%ld requests\n", count);
	return 0;
}
