// Google Benchmark version of sorts.c's two designs: the C++ library's sort
// and the insertion sort of paper 002 §3.5.5, on N pseudo-random ints drawn
// with bsort.c's generator. Its JSON output is the Google Benchmark fixture
// of `varbench import` (build/scripts/record-result-fixtures.sh). Not built by
// the Makefile: it needs libbenchmark-dev, which only that script installs.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

static std::vector<int> random_ints(int n, std::uint64_t s)
{
	std::vector<int> v(n);
	for (int &x : v) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		x = static_cast<int>(s >> 33);
	}
	return v;
}

static void insertion_sort(std::vector<int> &arr)
{
	for (std::size_t i = 1; i < arr.size(); ++i) {
		int val = arr[i];
		std::size_t j = i;
		while (j > 0 && arr[j - 1] > val) {
			arr[j] = arr[j - 1];
			--j;
		}
		arr[j] = val;
	}
}

static void BM_StdSort(benchmark::State &state)
{
	const std::vector<int> input = random_ints(static_cast<int>(state.range(0)), 1);
	for (auto _ : state) {
		std::vector<int> v = input;
		std::sort(v.begin(), v.end());
		benchmark::DoNotOptimize(v.data());
	}
}
BENCHMARK(BM_StdSort)->Arg(64)->Arg(256)->Arg(1024);

static void BM_InsertionSort(benchmark::State &state)
{
	const std::vector<int> input = random_ints(static_cast<int>(state.range(0)), 1);
	for (auto _ : state) {
		std::vector<int> v = input;
		insertion_sort(v);
		benchmark::DoNotOptimize(v.data());
	}
}
BENCHMARK(BM_InsertionSort)->Arg(64)->Arg(256)->Arg(1024);

BENCHMARK_MAIN();
