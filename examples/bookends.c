/* A request server with a long start-up and a long shutdown, for phase
 * detection (paper 003, issue 28 item 3): it loads a table, serves a file of
 * lines — "Q n", a query of n keys, or "M n", n steps of maintenance done
 * between queries — and saves the table at the end. Each query runs
 * open_query, lookup_keys (n probe calls, most of the query's work),
 * format_reply (n / 8 put_digit calls) and close_query (which calls
 * record_stat). Three traps for marker selection and segmentation:
 *  - load_table and save_table are long computations that make no call (one
 *    gap each, longer than all the queries together): a threshold taken over
 *    the whole run's gaps is lifted above every stage of a query;
 *  - save_table follows the last query, and then writes SAVE_BLOCKS blocks: a
 *    last instance that runs to the run's end takes it all in;
 *  - maintenance between queries varies from line to line: the distance from
 *    one query to the next varies although the queries are identical.
 * Per query of n keys the calls from open_query's entry to close_query's
 * return are n + n / 8 + 5; reading the next line takes read_line and fscanf.
 * Usage: bookends FILE */
#include <stdio.h>
#include <stdlib.h>

/* Iterations of the call-free loops of start-up and shutdown: each takes on
 * the order of 100 ms, far longer than a query of 2,000 keys under uftrace. */
#define LOAD_ITERS 60000000L
#define SAVE_ITERS 60000000L
#define SAVE_BLOCKS 64

static volatile unsigned long sink;

__attribute__((noinline)) static void load_table(void)
{
	for (long i = 0; i < LOAD_ITERS; i++)
		sink += (unsigned long)i;
}

__attribute__((noinline)) static void write_block(long i)
{
	sink ^= (unsigned long)i;
}

__attribute__((noinline)) static void save_table(void)
{
	for (long i = 0; i < SAVE_ITERS; i++)
		sink -= (unsigned long)i;
	for (long b = 0; b < SAVE_BLOCKS; b++)
		write_block(b);
}

__attribute__((noinline)) static int read_line(FILE *in, char *kind, long *n)
{
	return fscanf(in, " %c %ld", kind, n) == 2;
}

__attribute__((noinline)) static void open_query(long n) { sink += (unsigned long)n; }

__attribute__((noinline)) static unsigned long probe(long i) { return (unsigned long)i * 2654435761u; }

__attribute__((noinline)) static void lookup_keys(long n)
{
	for (long i = 0; i < n; i++)
		sink += probe(i);
}

__attribute__((noinline)) static void put_digit(long i) { sink ^= (unsigned long)i; }

__attribute__((noinline)) static void format_reply(long n)
{
	for (long i = 0; i < n / 8; i++)
		put_digit(i);
}

__attribute__((noinline)) static void record_stat(long n) { sink -= (unsigned long)n; }

__attribute__((noinline)) static void close_query(long n) { record_stat(n); }

__attribute__((noinline)) static unsigned long sweep_step(long i) { return (unsigned long)i ^ 40503u; }

__attribute__((noinline)) static void maintain(long n)
{
	for (long i = 0; i < n; i++)
		sink += sweep_step(i);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: bookends FILE\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	load_table();
	char kind;
	long n, queries = 0;
	while (read_line(in, &kind, &n)) {
		if (n < 0 || (kind != 'Q' && kind != 'M')) {
			fprintf(stderr, "bookends: expected \"Q n\" or \"M n\"\n");
			return 1;
		}
		if (kind == 'M') {
			maintain(n);
			continue;
		}
		open_query(n);
		lookup_keys(n);
		format_reply(n);
		close_query(n);
		queries++;
	}
	fclose(in);
	save_table();
	printf("%ld queries\n", queries);
	return 0;
}
