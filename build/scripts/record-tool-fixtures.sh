#!/usr/bin/env bash
# Re-records the callgrind, gcov and perf stat fixtures the readers' fuzz tests
# start from (test/fixtures/{callgrind,gcov,perf}/<version>/), from the
# project's own C programs. These are the commands that produced them; each
# fixture folder's README repeats its own. perf needs permission to count
# (kernel.perf_event_paranoid ≤ 2).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
make -s -C "$here/examples"
bin="$here/examples/build"
fixtures="$here/test/fixtures"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# callgrind: costs inside main only, by line; and by instruction with jumps and the cache simulation's events.
cg="$fixtures/callgrind/$(valgrind --version | sed 's/^valgrind-//; s/\.[0-9]*$//')"
mkdir -p "$cg"
(cd "$here" && valgrind --tool=callgrind --toggle-collect=main --callgrind-out-file="$cg/recursion.out" examples/build/plain/recursion 5 3)
(cd "$here" && valgrind --tool=callgrind --toggle-collect=main --dump-instr=yes --collect-jumps=yes --cache-sim=yes \
  --callgrind-out-file="$cg/recursion_instr.out" examples/build/plain/recursion 5 3)

# gcov: two programs built with --coverage in a scratch folder, one JSON document each.
gc="$fixtures/gcov/$(gcc -dumpfullversion | cut -d. -f1,2)"
mkdir -p "$gc"
(cd "$tmp" && gcc --coverage -O0 -o frame_loop "$here/examples/frame_loop.c" && gcc --coverage -O0 -o nested_chain "$here/examples/nested_chain.c" \
  && ./frame_loop 6 10 2>/dev/null && ./nested_chain 5 >/dev/null 2>&1 && gcov -j -t frame_loop.gcda nested_chain.gcda > "$gc/two_programs.json")

# perf stat: the perf profiler's default events, one run and three (the build without -pg, which would leave gmon.out here).
pf="$fixtures/perf/$(perf --version | awk '{print $3}' | cut -d. -f1,2)"
mkdir -p "$pf"
events=task-clock,context-switches,cpu-migrations,page-faults,instructions,cycles
perf stat -x, -o "$pf/frame_loop.csv" -e "$events" -- "$bin/plain/frame_loop" 6 10 >/dev/null 2>&1
perf stat -x, -r 3 -o "$pf/frame_loop_repeated.csv" -e "$events" -- "$bin/plain/frame_loop" 6 10 >/dev/null 2>&1
echo "recorded tool fixtures in $cg, $gc and $pf"
