/* A plugin built twice under one file name (see the Makefile: build/a/ and
 * build/b/libplugin.so) with different work and a different layout, so the two
 * builds' symbol tables disagree and a reader must tell them apart. */
static volatile unsigned long sink;

#ifdef PLUGIN_B
/* Only in build B: shifts every later function to another offset. */
__attribute__((noinline)) void plugin_b_setup(int n)
{
	for (int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
}
#define INNER inner_b
#else
#define INNER inner_a
#endif

__attribute__((noinline)) void INNER(int n)
{
	for (int i = 0; i < n * PLUGIN_WORK; i++)
		sink += (unsigned long)i;
}

void plugin_work(int n)
{
#ifdef PLUGIN_B
	plugin_b_setup(n);
#endif
	INNER(n);
}
