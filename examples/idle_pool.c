/* A pool of worker threads in which all but one idle, after the third-party
 * case of issue 28 (paper 004 §3.2.2, §5.3): main starts a pool of W workers
 * (default 2) that wait on a semaphore for jobs, prepares its input, submits
 * ONE job, waits for it and shuts the pool down. Whichever worker the
 * semaphore wakes does the job; the others wait the whole run in sem_wait and
 * leave their pool loop only at shutdown. Which one works changes from run to
 * run, so the idle threads are threads of one role that did nothing.
 *
 * Two known behaviours, chosen by the run number (--run N, e.g. the campaign's
 * {repetition}): every --long-every-th run (default 3: runs 0, 3, 6, …) main's
 * preparation is long (1.5 times the job's work), the others short (0.25
 * times), so the job starts at about a sixth of the run or at about three
 * fifths of it. On top of that, each of the two works is scaled by its own
 * draw from [1 - J%, 1 + J%] (--jitter-pct J, default 15), drawn from --seed
 * (default: the clock and the pid): timing jitter, no new behaviour.
 *
 * What happened is reported as `varbench:feature name=value` lines on stderr:
 * long_prep (the behaviour), prep_scale and job_scale (the draws), prep_ms,
 * job_ms, job_worker (which worker, 1-based, did the job) and job_tid (its
 * thread id), timed_waiters (workers that wait in wait_timed), job_start_share
 * (when the job started, as a share of the run), workers, wall_ms.
 *
 * With --wait-paths 2 each worker waits for jobs through one of two functions
 * (wait_plain: sem_wait; wait_timed: sem_timedwait), drawn from the seed per
 * worker: idle workers of one role then differ in what they waited in.
 *
 * Usage: idle_pool [--workers W] [--run N] [--long-every K] [--jitter-pct J]
 *                  [--job-cost C] [--wait-paths P] [--seed S] */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_WORKERS 16
#define JOB_BLOCKS 20
#define PREP_ROWS 20

static volatile uint64_t sink;
static sem_t jobs, done;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int pending, stopping;
static long job_iters;
static _Atomic int job_worker, job_tid;
static _Atomic int64_t job_start_ns, job_end_ns;

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* A uniform draw in [0, 1) from the seed's n-th value. */
static double draw(uint64_t seed, int n)
{
	return (double)(splitmix64(seed + (uint64_t)n * 0x632be59bd9b4e019ull) >> 11) / 9007199254740992.0;
}

__attribute__((noinline)) void transform_block(int k, long iters)
{
	uint64_t acc = (uint64_t)k;
	for (long i = 0; i < iters; i++)
		acc = acc * 6364136223846793005ull + 1442695040888963407ull;
	sink += acc;
}

__attribute__((noinline)) void checksum_block(int k, long iters)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)k;
	for (long i = 0; i < iters; i++)
		h = (h ^ (uint64_t)i) * 1099511628211ull;
	sink += h;
}

/* The one job: JOB_BLOCKS blocks of transform then checksum. */
__attribute__((noinline)) void run_job(int worker)
{
	atomic_store(&job_worker, worker);
	atomic_store(&job_tid, (int)gettid());
	atomic_store(&job_start_ns, now_ns());
	for (int k = 0; k < JOB_BLOCKS; k++) {
		transform_block(k, job_iters / JOB_BLOCKS);
		checksum_block(k, job_iters / JOB_BLOCKS / 2);
	}
	atomic_store(&job_end_ns, now_ns());
}

/* Two ways a worker waits for the next job, both blocking on the same
 * semaphore: which one a worker uses is drawn from the seed (--wait-paths 2),
 * so idle workers of one role differ in what they waited in. */
__attribute__((noinline)) void wait_plain(void)
{
	sem_wait(&jobs);
}

__attribute__((noinline)) void wait_timed(void)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 3600;
	while (sem_timedwait(&jobs, &until) && errno == EINTR)
		;
}

static uint64_t wait_seed;
static long wait_paths = 1;

/* A worker: wait for a job, run it, until the pool stops. */
__attribute__((noinline)) void *pool_loop(void *arg)
{
	int worker = (int)(intptr_t)arg;
	int timed = wait_paths > 1 && draw(wait_seed, 100 + worker) < 0.5;
	for (;;) {
		if (timed)
			wait_timed();
		else
			wait_plain();
		pthread_mutex_lock(&lock);
		int stop = stopping && pending == 0;
		int take = pending > 0;
		if (take)
			pending--;
		pthread_mutex_unlock(&lock);
		if (stop)
			break;
		if (take) {
			run_job(worker);
			sem_post(&done);
		}
	}
	return NULL;
}

/* Main's preparation: PREP_ROWS rows with `units` jobs' worth of work. */
__attribute__((noinline)) void prepare_row(int row, long iters)
{
	uint64_t acc = 0x2545f4914f6cdd1dull + (uint64_t)row;
	for (long i = 0; i < iters; i++)
		acc = (acc ^ (acc >> 7)) * 0x9e3779b97f4a7c15ull + (uint64_t)i;
	sink += acc;
}

__attribute__((noinline)) void prepare_input(double units)
{
	long iters = (long)(units * 1.5 * (double)job_iters / PREP_ROWS);
	for (int r = 0; r < PREP_ROWS; r++)
		prepare_row(r, iters);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: idle_pool [--workers W] [--run N] [--long-every K] [--jitter-pct J]\n"
		"                 [--job-cost C] [--wait-paths P] [--seed S]\n"
		"  --workers W      pool threads, 1..%d (default 2); one does the job\n"
		"  --run N          run number: main's preparation is long when N %% K == 0 (default 1)\n"
		"  --long-every K   1..1000 (default 3); 0: never long\n"
		"  --jitter-pct J   each work scaled by a draw in [1-J%%, 1+J%%], 0..50 (default 15)\n"
		"  --job-cost C     iterations of the job, the design knob (default 24000000)\n"
		"  --wait-paths P   1: every worker waits in wait_plain; 2: each in one of two, drawn (default 1)\n"
		"  --seed S         seed of the jitter draws (default: from the clock and the pid)\n"
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

static int bad(const char *opt, const char *val)
{
	fprintf(stderr, "idle_pool: bad value for %s: '%s'\n", opt, val ? val : "(missing)");
	usage(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	int64_t t0 = now_ns();
	long workers = 2, run = 1, long_every = 3, jitter = 15, job_cost = 24000000, seed_arg = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long *target = !strcmp(a, "--workers") ? &workers : !strcmp(a, "--run") ? &run
			: !strcmp(a, "--long-every") ? &long_every : !strcmp(a, "--jitter-pct") ? &jitter
			: !strcmp(a, "--job-cost") ? &job_cost : !strcmp(a, "--wait-paths") ? &wait_paths
			: !strcmp(a, "--seed") ? &seed_arg : NULL;
		long hi = target == &workers ? MAX_WORKERS : target == &jitter ? 50 : target == &long_every ? 1000
			: target == &wait_paths ? 2 : 2000000000;
		long lo = target == &workers || target == &job_cost || target == &wait_paths ? 1 : 0;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (!target) {
			fprintf(stderr, "idle_pool: unknown argument '%s'\n", a);
			usage(stderr);
			return 2;
		}
		if (!v || parse_long(v, lo, hi, target))
			return bad(a, v);
		i++;
	}
	uint64_t seed = seed_arg >= 0 ? (uint64_t)seed_arg : splitmix64((uint64_t)t0 ^ ((uint64_t)getpid() << 32));
	int long_prep = long_every > 0 && run % long_every == 0;
	double prep_scale = 1 + (2 * draw(seed, 1) - 1) * (double)jitter / 100;
	double job_scale = 1 + (2 * draw(seed, 2) - 1) * (double)jitter / 100;
	job_iters = (long)((double)job_cost * job_scale);
	wait_seed = seed;

	sem_init(&jobs, 0, 0);
	sem_init(&done, 0, 0);
	pthread_t pool[MAX_WORKERS];
	for (long w = 0; w < workers; w++) {
		if (pthread_create(&pool[w], NULL, pool_loop, (void *)(intptr_t)(w + 1))) {
			fprintf(stderr, "idle_pool: cannot create worker %ld\n", w + 1);
			return 1;
		}
	}
	int64_t prep0 = now_ns();
	prepare_input((long_prep ? 1.5 : 0.25) * prep_scale);
	int64_t prep1 = now_ns();
	pthread_mutex_lock(&lock);
	pending = 1;
	pthread_mutex_unlock(&lock);
	sem_post(&jobs);
	sem_wait(&done);
	pthread_mutex_lock(&lock);
	stopping = 1;
	pthread_mutex_unlock(&lock);
	for (long w = 0; w < workers; w++)
		sem_post(&jobs);
	for (long w = 0; w < workers; w++)
		pthread_join(pool[w], NULL);
	int64_t t1 = now_ns();

	printf("idle_pool: one job by worker %d of %ld (checksum %016" PRIx64 ")\n", atomic_load(&job_worker), workers, (uint64_t)sink);
	fprintf(stderr, "varbench:feature workers=%ld\n", workers);
	fprintf(stderr, "varbench:feature long_prep=%d\n", long_prep);
	fprintf(stderr, "varbench:feature prep_scale=%.4f\n", prep_scale);
	fprintf(stderr, "varbench:feature job_scale=%.4f\n", job_scale);
	fprintf(stderr, "varbench:feature prep_ms=%.3f\n", (double)(prep1 - prep0) / 1e6);
	fprintf(stderr, "varbench:feature job_ms=%.3f\n", (double)(atomic_load(&job_end_ns) - atomic_load(&job_start_ns)) / 1e6);
	fprintf(stderr, "varbench:feature job_worker=%d\n", atomic_load(&job_worker));
	fprintf(stderr, "varbench:feature job_tid=%d\n", atomic_load(&job_tid));
	int timed_workers = 0;
	for (long w = 0; w < workers; w++)
		timed_workers += wait_paths > 1 && draw(seed, 100 + (int)w + 1) < 0.5;
	fprintf(stderr, "varbench:feature timed_waiters=%d\n", timed_workers);
	fprintf(stderr, "varbench:feature job_start_share=%.4f\n", (double)(atomic_load(&job_start_ns) - t0) / (double)(t1 - t0));
	fprintf(stderr, "varbench:feature wall_ms=%.3f\n", (double)(t1 - t0) / 1e6);
	return 0;
}
