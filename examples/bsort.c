/* The bubble sort of paper 002 §2.2, one statement per line, so that gcov's
 * line counts are the thesis's locations: line "while (j < n)" runs
 * 0.5n² + 0.5n times, "if (arr[j] < arr[i])" and "j++" 0.5n² − 0.5n times,
 * "while (i < n)" n + 1 times, "int j = i + 1" and "i++" n times.
 * Usage: bsort N [SEED] — sorts N pseudo-random ints drawn from SEED. */
#include <stdio.h>
#include <stdlib.h>

static void swap(int *a, int *b)
{
	int t = *a;
	*a = *b;
	*b = t;
}

__attribute__((noinline)) void bsort(int n, int *arr)
{
	int i = 0;
	while (i < n) {
		int j = i + 1;
		while (j < n) {
			if (arr[j] < arr[i])
				swap(&arr[i], &arr[j]);
			j++;
		}
		i++;
	}
}

int main(int argc, char **argv)
{
	if (argc < 2 || atoi(argv[1]) < 1) {
		fprintf(stderr, "usage: bsort N [SEED]\n");
		return 2;
	}
	int n = atoi(argv[1]);
	unsigned long long s = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	int *arr = malloc(sizeof *arr * (size_t)n);
	if (!arr) {
		fprintf(stderr, "bsort: out of memory\n");
		return 1;
	}
	for (int k = 0; k < n; k++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		arr[k] = (int)(s >> 33);
	}
	bsort(n, arr);
	for (int k = 1; k < n; k++)
		if (arr[k - 1] > arr[k])
			return 3;
	free(arr);
	return 0;
}
