/* A utility in the shape paper 003 studies: it reads a file of requests, one
 * per line ("<kind> <size>", kind A or B), and serves each in three stages
 * whose cost grows with the request's size: parse, transform, emit. Around
 * them, per request, small helpers check, route, log and account for the
 * request and close its response, as a server's bookkeeping does. Three
 * traps for phase-marker selection (issue 14):
 *  - init_slot runs once per request line, all at start-up (f times in the
 *    regular input, but not evenly spaced: the distance filter drops it);
 *  - handle_kind_b runs once per request of kind B only (a regular input of B
 *    requests runs it f times; an irregular input of both kinds does not);
 *  - stage_transform leaks one allocation per request (its buffer is never freed).
 * Usage: requests FILE */
#include <stdio.h>
#include <stdlib.h>

struct request {
	char kind;
	long size;
};

static volatile unsigned long sink;

__attribute__((noinline)) static void init_slot(struct request *slot)
{
	slot->kind = 0;
	slot->size = 0;
}

__attribute__((noinline)) static int read_request(FILE *in, struct request *r)
{
	return fscanf(in, " %c %ld", &r->kind, &r->size) == 2;
}

__attribute__((noinline)) static int check_request(const struct request *r)
{
	return (r->kind == 'A' || r->kind == 'B') && r->size > 0;
}

__attribute__((noinline)) static void log_request(const struct request *r, long n)
{
	sink += (unsigned long)(r->kind + n);
}

/* The bookkeeping around each request: each runs once per request. */
__attribute__((noinline)) static void route_request(const struct request *r) { sink += (unsigned long)r->kind; }
__attribute__((noinline)) static void account_request(const struct request *r) { sink += (unsigned long)r->size; }
__attribute__((noinline)) static void open_response(long n) { sink += (unsigned long)n; }
__attribute__((noinline)) static void set_deadline(long n) { sink ^= (unsigned long)n; }
__attribute__((noinline)) static void close_response(long n) { sink -= (unsigned long)n; }
__attribute__((noinline)) static void update_totals(const struct request *r) { sink += (unsigned long)r->size; }
__attribute__((noinline)) static void release_request(struct request *r) { r->size = 0; }

__attribute__((noinline)) static void begin_request(const struct request *r, long n)
{
	route_request(r);
	account_request(r);
	open_response(n);
	set_deadline(n);
}

__attribute__((noinline)) static void end_request(struct request *r, long n)
{
	close_response(n);
	update_totals(r);
	release_request(r);
}

__attribute__((noinline)) static void handle_kind_b(const struct request *r)
{
	sink += (unsigned long)r->size;
}

__attribute__((noinline)) static unsigned long parse_item(long i)
{
	return (unsigned long)(i * 2654435761u);
}

__attribute__((noinline)) static void stage_parse(const struct request *r)
{
	for (long i = 0; i < r->size; i++)
		sink += parse_item(i);
}

__attribute__((noinline)) static unsigned long transform_item(unsigned long *buf, long i)
{
	buf[i % 64] ^= (unsigned long)i * 40503u;
	return buf[i % 64];
}

__attribute__((noinline)) static void stage_transform(const struct request *r)
{
	unsigned long buf[64] = {0};
	for (long i = 0; i < 2 * r->size; i++)
		sink += transform_item(buf, i);
	unsigned long *kept = malloc(sizeof buf); /* leaked: a copy of the result, never freed */
	if (!kept)
		exit(1);
	for (int i = 0; i < 64; i++)
		kept[i] = buf[i];
	sink += kept[r->size % 64];
}

__attribute__((noinline)) static void emit_item(long i)
{
	sink ^= (unsigned long)i;
}

__attribute__((noinline)) static void stage_emit(const struct request *r)
{
	char *out = malloc((size_t)r->size + 1);
	if (!out)
		exit(1);
	for (long i = 0; i < r->size; i++)
		emit_item(i);
	free(out);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: requests FILE\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	long lines = 0;
	for (int c; (c = fgetc(in)) != EOF;)
		lines += c == '\n';
	struct request *slots = malloc(sizeof *slots * (size_t)(lines + 1));
	if (!slots)
		return 1;
	for (long i = 0; i < lines; i++)
		init_slot(&slots[i]);
	rewind(in);
	long n = 0;
	struct request r;
	while (read_request(in, &r)) {
		if (!check_request(&r)) {
			fprintf(stderr, "requests: bad request %ld\n", n + 1);
			return 1;
		}
		log_request(&r, n);
		begin_request(&r, n);
		if (r.kind == 'B')
			handle_kind_b(&r);
		stage_parse(&r);
		stage_transform(&r);
		stage_emit(&r);
		slots[n % (lines + 1)] = r;
		end_request(&r, n);
		n++;
	}
	free(slots);
	fclose(in);
	printf("%ld requests\n", n);
	return 0;
}
