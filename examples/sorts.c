/* Two designs of one program: sort N pseudo-random ints drawn from SEED by a
 * top-down merge sort (O(n log n)) or by the insertion sort of paper 002
 * §3.5.5 (O(n²) on random input), one statement per line. Each sort does all
 * its work in the function named after it, calling nothing else, so its self
 * cost in callgrind (summed over the recursion) is the whole sort's cost.
 * The result is checked: exit 1 if it is not sorted.
 * Usage: sorts merge|insertion N [SEED] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sorts arr[lo..hi) using tmp[lo..hi) as scratch. */
__attribute__((noinline)) void merge_sort(int *arr, int *tmp, int lo, int hi)
{
	if (hi - lo < 2)
		return;
	int mid = lo + (hi - lo) / 2;
	merge_sort(arr, tmp, lo, mid);
	merge_sort(arr, tmp, mid, hi);
	int i = lo;
	int j = mid;
	int k = lo;
	while (i < mid && j < hi) {
		if (arr[i] <= arr[j]) {
			tmp[k] = arr[i];
			i++;
		} else {
			tmp[k] = arr[j];
			j++;
		}
		k++;
	}
	while (i < mid) {
		tmp[k] = arr[i];
		i++;
		k++;
	}
	while (j < hi) {
		tmp[k] = arr[j];
		j++;
		k++;
	}
	k = lo;
	while (k < hi) {
		arr[k] = tmp[k];
		k++;
	}
}

/* Figure 3.21 of paper 002, as in isort.c. */
__attribute__((noinline)) void insertion_sort(int n, int *arr)
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

/* bsort.c's generator (64-bit LCG, top 31 bits), so no libc's rand() decides the input. */
__attribute__((noinline)) void fill_random(int n, int *arr, unsigned long long s)
{
	for (int k = 0; k < n; k++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		arr[k] = (int)(s >> 33);
	}
}

__attribute__((noinline)) int check_sorted(int n, const int *arr)
{
	for (int k = 1; k < n; k++)
		if (arr[k - 1] > arr[k])
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	const char *algo = argc > 1 ? argv[1] : "";
	int merge = !strcmp(algo, "merge");
	if (argc < 3 || argc > 4 || (!merge && strcmp(algo, "insertion")) || atoi(argv[2]) < 1) {
		fprintf(stderr, "usage: sorts merge|insertion N [SEED]\n");
		return 2;
	}
	int n = atoi(argv[2]);
	unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	int *arr = malloc(sizeof *arr * (size_t)n);
	int *tmp = malloc(sizeof *tmp * (size_t)n);
	if (!arr || !tmp) {
		fprintf(stderr, "sorts: out of memory\n");
		return 1;
	}
	fill_random(n, arr, seed);
	if (merge)
		merge_sort(arr, tmp, 0, n);
	else
		insertion_sort(n, arr);
	if (!check_sorted(n, arr)) {
		fprintf(stderr, "sorts: %s sort left the array unsorted\n", algo);
		return 1;
	}
	free(tmp);
	free(arr);
	return 0;
}
