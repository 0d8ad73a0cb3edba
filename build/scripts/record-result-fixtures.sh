#!/usr/bin/env bash
# Re-records the fixtures of `varbench import` for benchmark results
# (test/fixtures/results/<tool>/<version>/) with the real tools, from the
# project's own programs (examples/sorts.c, examples/sorts_bench.cc). These are
# the commands that produced them; each fixture folder's README repeats its own.
# Needs hyperfine, g++ and libbenchmark-dev (Debian packages; installed here if
# missing). pyperf is not packaged by Debian 12, so its fixture is written by
# hand from the documented format (test/fixtures/results/pyperf/1.0/README.md).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bash "$here/build/scripts/install-system-deps.sh" hyperfine g++ libbenchmark-dev
out="$here/test/fixtures/results"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# hyperfine: two commands; a parameter scan of two commands; named commands, one failing (-i).
hf="$out/hyperfine/$(hyperfine --version | awk '{print $2}' | cut -d. -f1,2)"
mkdir -p "$hf"
gcc -O2 -o "$tmp/sorts" "$here/examples/sorts.c"
hyperfine -N --runs 10 --warmup 1 --export-json "$hf/two_sleeps.json" 'sleep 0.01' 'sleep 0.02'
(cd "$tmp" && hyperfine -N --runs 5 --warmup 1 -L n 1000,4000,16000 --export-json "$hf/sorts_scan.json" './sorts merge {n}' './sorts insertion {n}')
hyperfine -N --runs 4 --ignore-failure --command-name fails --command-name succeeds --export-json "$hf/named_failing.json" 'false' 'true'

# Google Benchmark: two families × three sizes × five repetitions, with their aggregates.
gb="$out/google-benchmark/$(dpkg-query -W -f='${Version}' libbenchmark-dev | cut -d- -f1)"
mkdir -p "$gb"
g++ -O2 -o "$tmp/sorts_bench" "$here/examples/sorts_bench.cc" -lbenchmark -lpthread
(cd "$tmp" && ./sorts_bench --benchmark_format=json --benchmark_repetitions=5 --benchmark_min_time=0.01 > "$gb/sorts.json")

echo "recorded result fixtures in $out with $(hyperfine --version) and Google Benchmark $(basename "$gb")"
