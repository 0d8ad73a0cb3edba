#!/usr/bin/env bash
# The whole test suite: system packages, the example programs, type checks,
# layer rules, the renderer and Electron builds, unit tests, integration tests
# with the real profilers, the stress and fuzz tests (test/stress, each with a
# fixed budget of cases or a fixed size), end-to-end tests in Chromium. Prints
# a final line "N passed, N failed" over all suites (skipped tests are listed
# above it and never counted as passed); exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bash build/scripts/install-system-deps.sh || { echo "0 passed, 1 failed"; exit 1; }
make -s -C examples || { echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
skipped=0
log=$(mktemp)
# The demo workspace is built once for the whole run by the first test file that needs it and copied
# by the others (test/helpers/demoWorkspace.ts); a run's own folder, removed when it ends.
VARBENCH_TEST_DEMO_CACHE=$(mktemp -d)
export VARBENCH_TEST_DEMO_CACHE
checks=$(mktemp -d)
trap 'rm -rf "$log" "$VARBENCH_TEST_DEMO_CACHE" "$checks"' EXIT

# A check that is one pass or one fail.
check() {
  local name=$1; shift
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1)); echo "✔ $name"
  else
    failed=$((failed + 1)); echo "✖ $name"; cat "$log"
  fi
}

# A node:test suite: its own pass and fail counts are added. Its arguments end with its files: a group
# left with none is not run (node --test given no file would look for every test in the tree).
suite() {
  local name=$1; shift
  [[ "${*: -1}" == *.test.ts ]] || { echo "── $name: no file"; return; }
  echo "── $name"
  node --import tsx --test --test-reporter=spec --test-reporter-destination=stdout \
       --test-reporter=tap --test-reporter-destination="$log" "$@"
  local status=$?
  local p f
  p=$(grep -E '^# pass ' "$log" | tail -1 | awk '{print $3}')
  f=$(grep -E '^# fail ' "$log" | tail -1 | awk '{print $3}')
  s=$(grep -E '^# skipped ' "$log" | tail -1 | awk '{print $3}')
  p=${p:-0}; f=${f:-0}; s=${s:-0}
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  grep -E '# SKIP' "$log" | sed -E 's/^ *ok [0-9]+ - /skipped (not run): /' || true
  passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
}

# The read-only checks in two lanes at once, one per core (each check is one process that only reads
# the tree; the lanes are balanced by their CPU time, measured as about 70 s and 85 s), their
# results said in this order once both end; then the build, which writes what the tests read.
# One check of a lane: its output to $checks/<n>.log, its name and exit status beside it.
lane_check() {
  local n=$1 name=$2; shift 2
  echo "$name" >"$checks/$n.name"
  "$@" >"$checks/$n.log" 2>&1
  echo $? >"$checks/$n.status"
}
{
  lane_check 1 "typecheck (all layers)" npx tsc -p tsconfig.json --noEmit
  lane_check 2 "typecheck (pure engine without Node or DOM types)" npx tsc -p engine/tsconfig.pure.json --noEmit
  lane_check 3 "typecheck (renderer, svelte-check)" npx svelte-check --tsconfig renderer/tsconfig.json --fail-on-warnings --output human
} &
{
  lane_check 4 "layer rules (dependency-cruiser)" npx depcruise --config .dependency-cruiser.cjs engine electron renderer bin test bench
  lane_check 5 "lint (prettier and eslint)" npm run lint --silent
} &
wait
for n in 1 2 3 4 5; do
  check "$(cat "$checks/$n.name")" bash -c 'cat "$1"; exit "$(cat "$2")"' _ "$checks/$n.log" "$checks/$n.status"
done
check "build (renderer and Electron bundles)" npm run build --silent
suite "unit tests" --test-concurrency=2 test/unit/*.test.ts
# Integration files in two groups. The ones listed here run two at a time: each works in temporary
# folders of its own, on ports the system chooses, and what it asserts does not rest on how fast a
# recording ran (counts, instructions, equality with the profiler's own report of the same recording,
# structure, refusals; a Slurm file waits on its own cluster). Every other file runs alone, nothing beside
# it: the analyses' answers on recorded times (variance, execution patterns, trends, phases, verdicts,
# history), the demo build they and the browser tests share (test/helpers/demoWorkspace.ts), the
# packaging checks that swap native builds in node_modules. A new file runs alone until it is listed.
parallel_integration="analysisLayer api artifactLeftovers callgrind campaign campaignCancel campaignInit
  chromeExport cli cliInProcess cliMemoryBudget cliOptions concurrentCampaigns deepCct engineHost engineWorker
  fileUpload flame flameCli folderUpload httpServer layerRules malformedInput outputErrors packagingConfig
  packagingFiles programVersion readerInfo readerPool readerSpecialFiles report resultImportBounds resultImports
  runPages runnerHardening runnerLeftovers sandwich serverHardening slurm slurmTimeLimit specCli timeline
  uftraceHooks uftraceReader workspaceFolder"
alone=()
together=()
for f in test/integration/*.test.ts; do
  if [[ " $(echo $parallel_integration) " == *" $(basename "$f" .test.ts) "* ]]; then together+=("$f"); else alone+=("$f"); fi
done
suite "integration tests on recorded timings (real uftrace, real SQLite; one file at a time)" \
  --test-concurrency=1 "${alone[@]}"
suite "integration tests (real profilers, real SQLite; two files at a time)" --test-concurrency=2 "${together[@]}"
suite "stress and fuzz tests (seeded, bounded budgets)" --test-concurrency=2 test/stress/*.test.ts
# End-to-end files in two groups as well. The ones listed here run two at a time: each has its own server,
# browser and workspace (a copy of the demo, or campaigns it records whose counts, instructions and call
# trees it checks), and waits for what it checks without a bound a slow machine could reach. The others
# run alone: the first visit (the VCG panel of the demo under load), progress while views wait, a campaign
# launched and followed in the page, a Slurm queue's states, the phases of recorded requests (markers
# found on recorded times), the sandwich view (failed under load once, cause not found), the timeline (it records deep_stack,
# whose innermost calls fall under a pixel when a pre-emption stretches the run), Electron. A new file
# runs alone until it is listed.
parallel_e2e="exports fileDrop flame runPages runsTable trends vcgKeptApart"
alone=()
together=()
for f in test/e2e/*.test.ts; do
  if [[ " $parallel_e2e " == *" $(basename "$f" .test.ts) "* ]]; then together+=("$f"); else alone+=("$f"); fi
done
suite "end-to-end tests (Chromium, Electron when installed; one file at a time)" --test-concurrency=1 "${alone[@]}"
suite "end-to-end tests (Chromium; two files at a time)" --test-concurrency=2 "${together[@]}"

[ "$skipped" -eq 0 ] || echo "$skipped skipped (not run, not counted)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
