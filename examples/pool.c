/* A small worker pool whose runs differ by scheduling, after paper 004
 * (VarCatcher, §2.2 and Fig. 3): the work is split among W workers and the
 * tail (last) worker gets more; main starts worker 1, then builds a table of
 * its own before starting the others, so in some runs worker 1 has already
 * finished before worker 2 begins (a different relative speed of the cores
 * with the same per-thread call sequences).
 *
 * How long main's setup takes is drawn from a seed (--seed, or by default the
 * clock and the pid; printed on stderr): short (0.4x worker 1's work) or, in
 * --long-setup-pct percent of runs, long (1.6x). Whether worker 1 really
 * finished first is measured with CLOCK_MONOTONIC and atomics, and reported
 * with the rest of what happened as `varbench:feature name=value` lines on
 * stderr: early_finish (1 when worker 1 ended before worker 2 began),
 * w1_end_to_w2_start_ms, long_setup (the seed's draw), setup_ms, tail_share
 * (the tail's fraction of the blocks), tail_time_share, w1_ms, tail_ms,
 * w1/tail/setup_cpu_share (CPU time over wall time: about 0.5 when the thread
 * shared its core), w1_start_delay_ms, migrations, workers_span_ms, wall_ms.
 * Under load the measured outcome can differ from the seed's draw.
 *
 * Usage: pool [--workers W] [--blocks N] [--block-cost C] [--tail-weight X]
 *             [--long-setup-pct P] [--seed S]
 * The design knob is --block-cost: the same control flow with uniformly more
 * or less work per block (main's setup scales with it too). */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_WORKERS 64
#define SETUP_ROWS 16

struct worker {
	int index;              /* 1-based */
	int first, count;       /* blocks [first, first + count) */
	int tail_extra;         /* of which the last tail_extra run in tail_work */
	pthread_t thread;
	int64_t created_ns;     /* main, just before pthread_create */
	_Atomic int64_t start_ns, end_ns;
	_Atomic int done;
	int64_t cpu_ns;         /* the thread's CPU time from start to end */
	int migrations, blocks_done;
};

static long block_cost = 450000;
static volatile uint64_t sink;

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t thread_cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

__attribute__((noinline)) void crunch_block(int k, long iters)
{
	uint64_t acc = (uint64_t)k;
	for (long i = 0; i < iters; i++)
		acc = acc * 6364136223846793005ull + 1442695040888963407ull;
	sink += acc;
}

__attribute__((noinline)) void hash_block(int k, long iters)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)k;
	for (long i = 0; i < iters; i++)
		h = (h ^ (uint64_t)i) * 1099511628211ull;
	sink += h;
}

/* One block of a worker's share: 1.5 * block_cost iterations in all. */
__attribute__((noinline)) void process_block(int k)
{
	crunch_block(k, block_cost);
	hash_block(k, block_cost / 2);
}

/* One row of main's table: the same loops as a block, so that a row of
 * `iters` costs what iters / block_cost blocks cost. */
__attribute__((noinline)) void fill_row(int row, long iters)
{
	uint64_t acc = 0x2545f4914f6cdd1dull + (uint64_t)row, h = 1469598103934665603ull;
	for (long i = 0; i < iters; i++)
		acc = acc * 6364136223846793005ull + 1442695040888963407ull;
	for (long i = 0; i < iters / 2; i++)
		h = (h ^ (uint64_t)i) * 1099511628211ull;
	sink += acc ^ h;
}

/* Main's own setup between starting worker 1 and the others: SETUP_ROWS calls
 * in every run, with `units` blocks' worth of work spread over them. */
__attribute__((noinline)) void setup_table(double units)
{
	long iters = (long)(units * (double)block_cost / SETUP_ROWS);
	for (int r = 0; r < SETUP_ROWS; r++)
		fill_row(r, iters);
}

static void run_block(struct worker *w, int k, int *cpu)
{
	process_block(k);
	int c = sched_getcpu();
	if (*cpu >= 0 && c != *cpu)
		w->migrations++;
	*cpu = c;
	w->blocks_done++;
}

/* The tail worker's extra share, after its regular one. */
__attribute__((noinline)) void tail_work(struct worker *w, int first, int count, int *cpu)
{
	for (int k = first; k < first + count; k++)
		run_block(w, k, cpu);
}

__attribute__((noinline)) void *worker_main(void *arg)
{
	struct worker *w = arg;
	atomic_store(&w->start_ns, now_ns());
	int64_t cpu0 = thread_cpu_ns();
	int cpu = sched_getcpu();
	int regular = w->count - w->tail_extra;
	for (int k = w->first; k < w->first + regular; k++)
		run_block(w, k, &cpu);
	if (w->tail_extra > 0)
		tail_work(w, w->first + regular, w->tail_extra, &cpu);
	w->cpu_ns = thread_cpu_ns() - cpu0;
	atomic_store(&w->end_ns, now_ns());
	atomic_store(&w->done, 1);
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: pool [--workers W] [--blocks N] [--block-cost C] [--tail-weight X]\n"
		"            [--long-setup-pct P] [--seed S]\n"
		"  --workers W         worker threads, 1..%d (default 2)\n"
		"  --blocks N          blocks of work split among them, >= W (default 100)\n"
		"  --block-cost C      iterations per block, the design knob (default 450000)\n"
		"  --tail-weight X     the tail worker's share relative to the others, >= 1 (default 1.5)\n"
		"  --long-setup-pct P  percent of seeds for which main's setup is long, 0..100 (default 40)\n"
		"  --seed S            seed of the setup length (default: from the clock and the pid)\n"
		"Reports `varbench:feature name=value` lines on stderr.\n",
		MAX_WORKERS);
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (*s == '-')
		return -1;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s || *end)
		return -1;
	*out = v;
	return 0;
}

static int parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

static int bad(const char *opt, const char *val)
{
	fprintf(stderr, "pool: bad value for %s: '%s'\n", opt, val ? val : "(missing)");
	usage(stderr);
	return 2;
}

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

static double share(int64_t cpu, int64_t wall)
{
	double s = wall > 0 ? (double)cpu / (double)wall : 0.0;
	return s > 1.0 ? 1.0 : s;
}

int main(int argc, char **argv)
{
	int64_t t0 = now_ns();
	long workers = 2, blocks = 100, long_pct = 40;
	double tail_weight = 1.5;
	uint64_t seed = splitmix64((uint64_t)t0 ^ ((uint64_t)getpid() << 32));
	int seeded = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--workers")) {
			if (!v || parse_long(v, 1, MAX_WORKERS, &workers))
				return bad(a, v);
		} else if (!strcmp(a, "--blocks")) {
			if (!v || parse_long(v, 1, 1000000, &blocks))
				return bad(a, v);
		} else if (!strcmp(a, "--block-cost")) {
			if (!v || parse_long(v, 1, 1000000000, &block_cost))
				return bad(a, v);
		} else if (!strcmp(a, "--tail-weight")) {
			if (!v || parse_double(v, 1.0, 100.0, &tail_weight))
				return bad(a, v);
		} else if (!strcmp(a, "--long-setup-pct")) {
			if (!v || parse_long(v, 0, 100, &long_pct))
				return bad(a, v);
		} else if (!strcmp(a, "--seed")) {
			if (!v || parse_u64(v, &seed))
				return bad(a, v);
			seeded = 1;
		} else {
			fprintf(stderr, "pool: unknown argument '%s'\n", a);
			usage(stderr);
			return 2;
		}
		i++;
	}
	if (blocks < workers) {
		fprintf(stderr, "pool: --blocks (%ld) must be at least --workers (%ld)\n", blocks, workers);
		usage(stderr);
		return 2;
	}

	/* The split: W-1 equal shares and a tail share tail_weight times as big. */
	static struct worker pool[MAX_WORKERS];
	int base = (int)((double)blocks / ((double)(workers - 1) + tail_weight));
	if (base < 1)
		base = 1;
	if (workers > 1 && base * (workers - 1) >= blocks)
		base = (int)((blocks - 1) / (workers - 1));
	int first = 0;
	for (int i = 0; i < workers; i++) {
		struct worker *w = &pool[i];
		w->index = i + 1;
		w->first = first;
		w->count = i + 1 < workers ? base : (int)blocks - first;
		w->tail_extra = i + 1 < workers ? 0 : w->count - (base < w->count ? base : w->count);
		first += w->count;
	}

	int long_setup = (int)(splitmix64(seed) % 100) < long_pct;
	double setup_units = (long_setup ? 1.6 : 0.4) * pool[0].count;
	fprintf(stderr, "pool: seed=%" PRIu64 "%s workers=%ld blocks=%ld block_cost=%ld setup=%s\n",
		seed, seeded ? "" : " (from clock and pid)", workers, blocks, block_cost,
		long_setup ? "long" : "short");

	char name[16];
	pthread_setname_np(pthread_self(), "pool-main");
	int64_t setup_start = 0, setup_end = 0, setup_cpu = 0;
	for (int i = 0; i < workers; i++) {
		struct worker *w = &pool[i];
		w->created_ns = now_ns();
		if (pthread_create(&w->thread, NULL, worker_main, w)) {
			fprintf(stderr, "pool: cannot create worker %d\n", w->index);
			return 1;
		}
		snprintf(name, sizeof name, i + 1 < workers ? "pool-w%d" : "pool-tail", w->index);
		pthread_setname_np(w->thread, name);
		if (i == 0) { /* main's own setup, after worker 1 and before the others */
			setup_cpu = thread_cpu_ns();
			setup_start = now_ns();
			setup_table(setup_units);
			setup_cpu = thread_cpu_ns() - setup_cpu;
			setup_end = now_ns();
		}
	}
	for (int i = 0; i < workers; i++)
		pthread_join(pool[i].thread, NULL);
	int64_t t_end = now_ns();

	/* What happened, measured. */
	struct worker *w1 = &pool[0], *tail = &pool[workers - 1];
	int early = 0;
	double gap = 0;
	if (workers > 1) {
		int64_t w1_end = atomic_load(&w1->end_ns), w2_start = atomic_load(&pool[1].start_ns);
		early = w1_end <= w2_start;
		gap = ms(w2_start - w1_end);
	}
	int migrations = 0, blocks_done = 0;
	int64_t busy = 0, first_start = INT64_MAX, last_end = 0;
	for (int i = 0; i < workers; i++) {
		struct worker *w = &pool[i];
		int64_t s = atomic_load(&w->start_ns), e = atomic_load(&w->end_ns);
		migrations += w->migrations;
		blocks_done += w->blocks_done;
		busy += e - s;
		if (s < first_start)
			first_start = s;
		if (e > last_end)
			last_end = e;
	}
	int64_t tail_span = atomic_load(&tail->end_ns) - atomic_load(&tail->start_ns);

	printf("pool: %d blocks by %ld workers in %.1f ms (checksum %016" PRIx64 ")\n",
	       blocks_done, workers, ms(t_end - t0), (uint64_t)sink);
	fprintf(stderr, "varbench:feature workers=%ld\n", workers);
	fprintf(stderr, "varbench:feature early_finish=%d\n", early);
	fprintf(stderr, "varbench:feature w1_end_to_w2_start_ms=%.3f\n", gap);
	fprintf(stderr, "varbench:feature long_setup=%d\n", long_setup);
	fprintf(stderr, "varbench:feature setup_ms=%.3f\n", ms(setup_end - setup_start));
	fprintf(stderr, "varbench:feature tail_share=%.4f\n", (double)tail->blocks_done / blocks_done);
	fprintf(stderr, "varbench:feature tail_time_share=%.4f\n", busy > 0 ? (double)tail_span / busy : 0.0);
	fprintf(stderr, "varbench:feature w1_ms=%.3f\n", ms(atomic_load(&w1->end_ns) - atomic_load(&w1->start_ns)));
	fprintf(stderr, "varbench:feature tail_ms=%.3f\n", ms(tail_span));
	/* CPU time over wall time: 1 when a thread had a core to itself, about 0.5
	 * when it shared one (with main, another worker or another program). */
	fprintf(stderr, "varbench:feature w1_cpu_share=%.3f\n", share(w1->cpu_ns, atomic_load(&w1->end_ns) - atomic_load(&w1->start_ns)));
	fprintf(stderr, "varbench:feature tail_cpu_share=%.3f\n", share(tail->cpu_ns, tail_span));
	fprintf(stderr, "varbench:feature setup_cpu_share=%.3f\n", share(setup_cpu, setup_end - setup_start));
	fprintf(stderr, "varbench:feature w1_start_delay_ms=%.3f\n", ms(atomic_load(&w1->start_ns) - w1->created_ns));
	fprintf(stderr, "varbench:feature migrations=%d\n", migrations);
	fprintf(stderr, "varbench:feature workers_span_ms=%.3f\n", ms(last_end - first_start));
	fprintf(stderr, "varbench:feature wall_ms=%.3f\n", ms(t_end - t0));
	return 0;
}
