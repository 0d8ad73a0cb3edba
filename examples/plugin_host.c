/* Loads each plugin named on the command line with dlopen and calls its
 * plugin_work three times: exercises uftrace's DLOP bases and .sym files of
 * libraries that share a file name. Usage: plugin_host LIB [LIB...] */
#include <dlfcn.h>
#include <stdio.h>

typedef void (*work_fn)(int);

static int run(const char *path)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "plugin_host: %s\n", dlerror());
		return 1;
	}
	work_fn work = (work_fn)dlsym(h, "plugin_work");
	if (!work) {
		fprintf(stderr, "plugin_host: %s has no plugin_work\n", path);
		return 1;
	}
	for (int i = 0; i < 3; i++)
		work(i + 1);
	return 0;
}

int main(int argc, char **argv)
{
	int failed = 0;
	for (int i = 1; i < argc; i++)
		failed |= run(argv[i]);
	return failed;
}
