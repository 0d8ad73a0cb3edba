/* A small interpreter in the shape of paper 003's LI and Perl: it runs a
 * script, one statement per line ("sum N", "fib N", "sort N" or "echo N"),
 * through a read–parse–execute–print loop. Each statement is a request; its
 * cost depends on the operation and N. The second example for phase
 * detection (issue 14), unlike requests.c: one dispatch function runs every
 * operation, and each operation's own function runs only for its statements.
 * Usage: interp SCRIPT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct statement {
	char op[8];
	long n;
};

static volatile long result;

__attribute__((noinline)) static int read_statement(FILE *in, char *line, size_t size)
{
	return fgets(line, (int)size, in) != NULL;
}

__attribute__((noinline)) static int parse_statement(const char *line, struct statement *s)
{
	return sscanf(line, "%7s %ld", s->op, &s->n) == 2 && s->n >= 0;
}

__attribute__((noinline)) static long add_step(long acc, long i) { return acc + i; }

__attribute__((noinline)) static long op_sum(long n)
{
	long acc = 0;
	for (long i = 1; i <= n; i++)
		acc = add_step(acc, i);
	return acc;
}

__attribute__((noinline)) static long fib_step(long n) { return n < 2 ? n : fib_step(n - 1) + fib_step(n - 2); }

__attribute__((noinline)) static long op_fib(long n) { return fib_step(n); }

__attribute__((noinline)) static void swap_step(long *a, long *b)
{
	long t = *a;
	*a = *b;
	*b = t;
}

__attribute__((noinline)) static long op_sort(long n)
{
	long *v = malloc(sizeof *v * (size_t)(n + 1));
	if (!v)
		exit(1);
	for (long i = 0; i < n; i++)
		v[i] = (i * 7919) % (n + 1);
	for (long i = 1; i < n; i++)
		for (long j = i; j > 0 && v[j - 1] > v[j]; j--)
			swap_step(&v[j - 1], &v[j]);
	long first = n > 0 ? v[0] : 0;
	free(v);
	return first;
}

__attribute__((noinline)) static long op_echo(long n) { return n; }

__attribute__((noinline)) static long execute(const struct statement *s)
{
	if (strcmp(s->op, "sum") == 0)
		return op_sum(s->n);
	if (strcmp(s->op, "fib") == 0)
		return op_fib(s->n);
	if (strcmp(s->op, "sort") == 0)
		return op_sort(s->n);
	return op_echo(s->n);
}

__attribute__((noinline)) static void print_result(long line, long value)
{
	result = value;
	if (line < 0)
		printf("%ld\n", value);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: interp SCRIPT\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	char line[128];
	long count = 0;
	struct statement s;
	while (read_statement(in, line, sizeof line)) {
		if (!parse_statement(line, &s)) {
			fprintf(stderr, "interp: line %ld: expected an operation and a count\n", count + 1);
			return 1;
		}
		print_result(count, execute(&s));
		count++;
	}
	fclose(in);
	printf("%ld statements\n", count);
	return 0;
}
