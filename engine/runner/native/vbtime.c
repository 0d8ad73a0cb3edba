/* vbtime: runs one workload and reports what wait4 says about it, as one JSON
 * line on file descriptor 3. Usage: vbtime [--cpus LIST] -- ARGV...
 *
 * The workload is exec'ed from its argv (no shell). An exec failure is sent
 * back through a close-on-exec pipe, so "no such program" and "not
 * executable" are told apart from a program that ran and failed. Rusage is
 * the child's, which includes every descendant it waited for. The helper
 * ignores SIGTERM and SIGINT once the child exists: a timeout or cancel sends
 * them to the whole process group, and the helper must live to report. The
 * busy time of the CPUs the run may use and the runner's own CPU time are
 * read just before the fork and just after wait4: less the run's own, that
 * is what other processes took of those CPUs while the run ran
 * (campaign/interference.ts). */
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

/* What the CPUs the run may use did, and what the runner (the helper's parent) did, at one instant, in
 * USER_HZ ticks: each of those CPUs' busy time from its cpuN line of /proc/stat (user nice system irq
 * softirq steal; idle and I/O wait are not busy, guest time is inside user already, and steal is what a
 * hypervisor gave to other guests, which the run lost too), and the runner's utime + stime (fields 14
 * and 15 of /proc/<ppid>/stat): Varbench's own, not another program's. Returns 0 when either cannot
 * be read. */
struct usage {
	unsigned long long busy, runner;
	int cpus;
};

static int read_usage(const cpu_set_t *set, struct usage *u)
{
	FILE *f = fopen("/proc/stat", "r");
	if (f == NULL)
		return 0;
	char line[512];
	u->busy = 0;
	u->cpus = 0;
	/* The cpu lines come first: the machine's, then one per online CPU. */
	while (fgets(line, sizeof line, f) != NULL && strncmp(line, "cpu", 3) == 0) {
		int cpu;
		unsigned long long v[8] = { 0 };
		if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5], &v[6], &v[7]) < 5)
			continue; /* the machine's own line has no number */
		if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, set))
			continue;
		u->busy += v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
		u->cpus++;
	}
	fclose(f);
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)getppid());
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* The command's name may hold spaces and parentheses: the fields after it start after the last ')'. */
	char *p = strrchr(buf, ')');
	unsigned long long utime, stime;
	if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
		return 0;
	u->runner = utime + stime;
	return u->cpus > 0;
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
	cpu_set_t usable;
	struct usage u0, u1;
	int measured = sched_getaffinity(0, sizeof usable, &usable) == 0 && read_usage(&usable, &u0);
	struct timespec t0, t1;
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
	measured = measured && read_usage(&usable, &u1) && u1.cpus == u0.cpus && u1.busy >= u0.busy &&
		   u1.runner >= u0.runner;
	long hz = sysconf(_SC_CLK_TCK);
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
	/* Differences of ticks, then nanoseconds: the counts since boot could overflow as nanoseconds. */
	if (measured && hz > 0)
		fprintf(report, ",\"machineBusyNs\":%llu,\"runnerCpuNs\":%llu,\"usableCpus\":%d",
			(u1.busy - u0.busy) * (1000000000ULL / (unsigned long long)hz),
			(u1.runner - u0.runner) * (1000000000ULL / (unsigned long long)hz), u0.cpus);
	fprintf(report, "}\n");
	return 0;
}
