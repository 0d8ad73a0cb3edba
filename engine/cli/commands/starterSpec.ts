// The commented starter spec `varbench campaign init` writes: every common
// field with what it does and its default (docs/spec-reference.md holds them
// all), runnable as written on any Linux machine (its program is `seq`, which
// coreutils installs everywhere), with the build steps of uftrace, callgrind
// and gcov as commented alternatives (what each needs: engine/cct/profilerNeeds.ts).
import { PROFILER_NEEDS } from "../../cct/profilerNeeds.js";

export function starterSpec(name: string): string {
  const needs = (p: keyof typeof PROFILER_NEEDS) => PROFILER_NEEDS[p].needs;
  return `# A Varbench campaign: designs × workloads × repetitions under a profiler.
# Run it with: varbench campaign run ${name}
# Every field: docs/spec-reference.md. Placeholders such as {n} are filled per run from the
# workload's features and the design's variables; also {design}, {workload}, {repetition},
# {spec_dir} (this file's folder) and {build_dir} (the design's build folder).

# The program under study (created in the workspace if it has none of this name). Required.
project: my-program
# The campaign's name. Default: this file's name without .yaml.
# name: first-look

# The variants compared (build flags, a parameter, a configuration). Required, at least one.
designs:
  - name: baseline
    # Values filled into the workloads' {placeholders} for this design's runs. Default: none.
    # variables: { threads: 1 }
    # A build command, run once per design before its first run, in {build_dir}. Default: none.
    # For uftrace, which needs ${needs("uftrace")}:
    # build: [gcc, -O2, -g, -pg, -o, "{build_dir}/prog", "{spec_dir}/prog.c"]
    # For gcov, which needs ${needs("gcov")}:
    # build: [gcc, --coverage, -O0, -o, "{build_dir}/prog", "{spec_dir}/prog.c"]
    # For callgrind (${needs("callgrind")}):
    # build: [gcc, -O2, -g, -o, "{build_dir}/prog", "{spec_dir}/prog.c"]

# The ways to run the program. Required, at least one.
workloads:
  - name: small
    # The command, spawned as is (never through a shell). With a build: ["{build_dir}/prog", "{n}"].
    argv: [seq, "{n}"]
    # Numeric features of the workload: placeholders, and the x of the trend analysis. Default: none.
    features: { n: 10000 }
    # The run's working folder, relative to this file's folder. Default: "."
    # cwd: .
    # Environment added to Varbench's own for the run. Default: none.
    # env: { LC_ALL: C }
    # Input files measured before each run into the features input_bytes and input_lines. Default: none.
    # inputs: [data/small.txt]
  - name: large
    argv: [seq, "{n}"]
    features: { n: 100000 }

# Measured runs per design × workload (1 to 200,000). Required.
repetitions: 5
# Runs per design × workload made first and left out of the statistics. Default: 0.
warmups: 1

# What watches each run. Default: time (wall, user and system time, peak memory, context switches).
# Others: uftrace, callgrind, gcov, perf, sampler; options go to the tool, e.g.
#   profiler: { name: uftrace, options: [--no-event] }
profiler: time
# With a profiler other than time: each repetition also runs plain, back to back, for "which is
# faster", while the profiled run says "why". Default: absent.
# timing: time

# interleaved (each round runs every design × workload once, shuffled with the seed, so drift in the
# machine spreads over all designs) or sequential. Default: interleaved.
order: interleaved
# The run order's seed, recorded with the campaign. Default: a random one.
# seed: 1
# Runs at once on this machine (1 to 256). Default: 1.
# concurrency: 1
# Each run's limit: seconds, or with a unit (500ms, 30s, 2m, 10h). Default: 600s.
timeout: 60s
# Pin every run to these CPUs, e.g. "0" or "0,2-3". Default: any CPU.
# cpus: "0"
# Commands run before and after every run. Default: none.
# prepare: [sync]
# cleanup: [rm, -f, "{build_dir}/out.tmp"]
`;
}
