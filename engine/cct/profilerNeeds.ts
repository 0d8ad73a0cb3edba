// What each profiler needs of the program and what its runs give, in one line
// each: shown under the launcher's profiler select, quoted by the user guide
// (docs/user-guide.md, "Campaigns"; test/unit/profilerNeeds.test.ts keeps them
// equal). What the runs record for the analyses is apart (profilerRecords.ts).
import type { ProfilerName } from "../campaign/spec.js";

export interface ProfilerNeeds {
  /** What the program must be (how it is built) for the profiler to see anything. */
  readonly needs: string;
  /** What a run under it gives. */
  readonly gives: string;
}

export const PROFILER_NEEDS: Readonly<Record<ProfilerName, ProfilerNeeds>> = {
  time: { needs: "any program", gives: "wall, user and system time, peak memory and context switches" },
  // uftrace hooks mcount (-pg), __cyg_profile_func_enter (-finstrument-functions), or patches nops (-P);
  // runner/profilers/uftraceHooks.ts refuses a program with none before the first run.
  uftrace: {
    needs: "a program built with -pg or -finstrument-functions (or -fpatchable-function-entry with -P)",
    gives: "every call's entry and exit per thread: calling-context trees, timelines, phases",
  },
  // Valgrind's documentation gives callgrind a 20–100× slowdown; ~50× on the examples here.
  callgrind: {
    needs: "any program, ~50× slower (build it without -pg)",
    gives: "exact instruction and call counts per function",
  },
  gcov: {
    needs: "a --coverage build (the design's build command)",
    gives: "execution counts per line and per function",
  },
  perf: {
    needs: "any program",
    gives: "perf stat's software counters (hardware counters where the machine has them)",
  },
  // The interval is runner/profilers/sampler.ts's DEFAULT_SAMPLE_INTERVAL_MS (a host module: not imported here).
  sampler: {
    needs: "any program",
    gives: "per-thread CPU time, CPU and context switches from /proc at fixed intervals (5 ms unless --interval-ms)",
  },
};

/** The launcher's line: "uftrace needs a program built with … · gives …". */
export function describeProfilerNeeds(name: string): string | null {
  if (!Object.hasOwn(PROFILER_NEEDS, name)) return null;
  const n = PROFILER_NEEDS[name as ProfilerName];
  return `needs ${n.needs} · gives ${n.gives}`;
}
