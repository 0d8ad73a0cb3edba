/* vbtime: runs one workload and reports what wait4 says about it, as one JSON
 * line on file descriptor 3. Usage: vbtime [--cpus LIST] -- ARGV...
 *
 * The workload is exec'ed from its argv (no shell). An exec failure is sent
 * back through a close-on-exec pipe, so "no such program" and "not
 * executable" are told apart from a program that ran and failed. Rusage is
 * the child's, which includes every descendant it waited for. The helper
 * ignores SIGTERM and SIGINT once the child exists: a timeout or cancel sends
 * them to the whole process group, and the helper must live to report. The
 * machine's busy CPU time is read from /proc/stat just before the fork and
 * just after wait4: less the run's own, it is what other processes took of
 * the machine while the run ran (campaign/interference.ts). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long ns_of(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000000LL + (long long)tv.tv_usec * 1000LL;
}

/* The machine's CPU time spent on anything but idle and I/O wait, summed over its CPUs, in ns:
 * /proc/stat's first line (user nice system idle iowait irq softirq steal, in USER_HZ ticks; steal
 * is time a hypervisor gave to other guests, which the run lost too). -1 where it cannot be read. */
static long long busy_ns(void)
{
	FILE *f = fopen("/proc/stat", "r");
	if (f == NULL)
		return -1;
	unsigned long long v[8] = { 0 };
	int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
		       &v[5], &v[6], &v[7]);
	fclose(f);
	long hz = sysconf(_SC_CLK_TCK);
	if (n < 4 || hz <= 0)
		return -1;
	return (long long)((v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) * (1000000000ULL / (unsigned long long)hz));
}

/* "0,2-3" into a CPU set; returns -1 on a malformed list. */
static int parse_cpus(const char *list, cpu_set_t *set)
{
	CPU_ZERO(set);
	for (const char *p = list; *p;) {
		char *end;
		long a = strtol(p, &end, 10), b;
		if (end == p || a < 0 || a >= CPU_SETSIZE)
			return -1;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a || b >= CPU_SETSIZE)
				return -1;
		}
		for (long c = a; c <= b; c++)
			CPU_SET(c, set);
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int arg = 1, pin = 0;
	cpu_set_t cpus;
	if (arg + 1 < argc && strcmp(argv[arg], "--cpus") == 0) {
		if (parse_cpus(argv[arg + 1], &cpus) < 0) {
			fprintf(stderr, "vbtime: bad CPU list '%s'\n", argv[arg + 1]);
			return 2;
		}
		pin = 1;
		arg += 2;
	}
	if (arg < argc && strcmp(argv[arg], "--") == 0)
		arg++;
	FILE *report = fdopen(3, "w");
	if (arg >= argc || report == NULL) {
		fprintf(stderr, "usage: vbtime [--cpus LIST] -- ARGV... (with a report pipe on fd 3)\n");
		return 2;
	}
	int errpipe[2];
	if (pipe2(errpipe, O_CLOEXEC) < 0) {
		perror("vbtime: pipe");
		return 2;
	}
	/* Pinned before the fork, so the workload is on the named CPUs from its first instant (a
	 * sampler that reads it between fork and exec sees it there too); the helper only waits. */
	if (pin && sched_setaffinity(0, sizeof cpus, &cpus) < 0) {
		int e = errno;
		fprintf(report, "{\"status\":\"exec-failed\",\"errno\":%d,\"message\":\"cpus: %s\"}\n", e, strerror(e));
		return 0;
	}
	struct timespec t0, t1;
	long long busy0 = busy_ns();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("vbtime: fork");
		return 2;
	}
	if (pid == 0) {
		close(errpipe[0]);
		fclose(report);
		execvp(argv[arg], argv + arg);
		int e = errno;
		(void)!write(errpipe[1], &e, sizeof e);
		_exit(127);
	}
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	close(errpipe[1]);
	int exec_errno = 0;
	ssize_t got;
	do
		got = read(errpipe[0], &exec_errno, sizeof exec_errno);
	while (got < 0 && errno == EINTR);
	int status = 0;
	struct rusage ru;
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("vbtime: wait4");
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long busy1 = busy_ns();
	long cpus_online = sysconf(_SC_NPROCESSORS_ONLN);
	long long wall = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	if (got == (ssize_t)sizeof exec_errno) {
		fprintf(report, "{\"status\":\"exec-failed\",\"errno\":%d,\"message\":\"%s\"}\n", exec_errno, strerror(exec_errno));
		return 0;
	}
	fprintf(report, "{\"status\":\"%s\",\"%s\":%d,\"wallNs\":%lld,\"userNs\":%lld,\"sysNs\":%lld,"
		"\"maxRssKb\":%ld,\"voluntarySwitches\":%ld,\"involuntarySwitches\":%ld",
		WIFSIGNALED(status) ? "signaled" : "exited", WIFSIGNALED(status) ? "signal" : "code",
		WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), wall, ns_of(ru.ru_utime),
		ns_of(ru.ru_stime), ru.ru_maxrss, ru.ru_nvcsw, ru.ru_nivcsw);
	if (busy0 >= 0 && busy1 >= busy0 && cpus_online > 0)
		fprintf(report, ",\"machineBusyNs\":%lld,\"onlineCpus\":%ld", busy1 - busy0, cpus_online);
	fprintf(report, "}\n");
	return 0;
}
