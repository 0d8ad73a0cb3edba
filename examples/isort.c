/* The insertion sort of paper 002 §3.5.5 (Figure 3.21), one statement per line,
 * so that gcov's line counts are the thesis's locations. With S the number of
 * shifts (the input's inversions), "while (i < n)" runs n + 1 times, "int val",
 * "int j", "arr[j + 1] = val" and "++i" n times each, the inner loop's test
 * "while (j >= 0 && arr[j] > val)" n + S times (once per i, plus once per
 * shift), and "arr[j + 1] = arr[j]" and "--j" S times each. The inputs, all of
 * n distinct ints: sorted (S = 0); nearly, sorted then every adjacent pair
 * (0,1), (2,3), … swapped, so all n elements are swapped with a neighbour as
 * in §3.5.5 and S = ⌊n/2⌋; random, a permutation of 0…n−1 drawn from SEED
 * (S ≈ n²/4); reverse (S = n(n − 1)/2).
 * Usage: isort N sorted|nearly|random|reverse [SEED] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void isort(int n, int *arr)
{
	int i = 0;
	while (i < n) {
		int val = arr[i];
		int j = i - 1;
		while (j >= 0 && arr[j] > val) {
			arr[j + 1] = arr[j];
			--j;
		}
		arr[j + 1] = val;
		++i;
	}
}

/* bsort.c's generator (64-bit LCG, top 31 bits), so no libc's rand() decides the inputs. */
static unsigned long long state;

static unsigned next(void)
{
	state = state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(state >> 33);
}

/* Increasing values with gaps of 1 to 8 drawn from SEED, so every kind depends on the seed. */
static void fill_sorted(int n, int *arr)
{
	int v = 0;
	for (int k = 0; k < n; k++) {
		v += 1 + (int)(next() % 8);
		arr[k] = v;
	}
}

static void swap_pairs(int n, int *arr)
{
	for (int k = 0; k + 1 < n; k += 2) {
		int t = arr[k];
		arr[k] = arr[k + 1];
		arr[k + 1] = t;
	}
}

/* Fisher–Yates over 0…n−1 (k from n−1 down to 1, swapping k with next() % (k + 1)). */
static void fill_random(int n, int *arr)
{
	for (int k = 0; k < n; k++)
		arr[k] = k;
	for (int k = n - 1; k > 0; k--) {
		int r = (int)(next() % (unsigned)(k + 1));
		int t = arr[k];
		arr[k] = arr[r];
		arr[r] = t;
	}
}

static void reverse(int n, int *arr)
{
	for (int k = 0; k < n / 2; k++) {
		int t = arr[k];
		arr[k] = arr[n - 1 - k];
		arr[n - 1 - k] = t;
	}
}

int main(int argc, char **argv)
{
	const char *kind = argc > 2 ? argv[2] : "";
	int known = !strcmp(kind, "sorted") || !strcmp(kind, "nearly") || !strcmp(kind, "random") || !strcmp(kind, "reverse");
	if (argc < 3 || argc > 4 || atoi(argv[1]) < 1 || !known) {
		fprintf(stderr, "usage: isort N sorted|nearly|random|reverse [SEED]\n");
		return 2;
	}
	int n = atoi(argv[1]);
	state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	int *arr = malloc(sizeof *arr * (size_t)n);
	if (!arr) {
		fprintf(stderr, "isort: out of memory\n");
		return 1;
	}
	if (!strcmp(kind, "random")) {
		fill_random(n, arr);
	} else {
		fill_sorted(n, arr);
		if (!strcmp(kind, "nearly"))
			swap_pairs(n, arr);
		if (!strcmp(kind, "reverse"))
			reverse(n, arr);
	}
	isort(n, arr);
	for (int k = 1; k < n; k++)
		if (arr[k - 1] > arr[k])
			return 3;
	free(arr);
	return 0;
}
