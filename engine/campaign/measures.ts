// What a run's cost is measured in, and which measure answers "which design is
// faster" under each profiler. A profiler changes what the process's own clock
// says: under uftrace a sort of 2,048 ints took ~0.3 s of wall time, 99% of it
// the tracer's start-up, while the trace timed the sort itself at 1.2 ms; under
// valgrind 8 ints took 1.2 s. So each profiler declares the measure it exists
// to give, every view uses it by default and names it, and the others stay a
// choice (the process's measures are recorded for every run).

export const MEASURES = [
  "wall",
  "cpu",
  "user",
  "sys",
  "rss",
  "trace-cpu",
  "trace-wall",
  "calls",
  "ir",
  "counts",
] as const;
export type MeasureName = (typeof MEASURES)[number];

/** Where a measure comes from: the process's wait4 rusage, or what the profiler recorded. */
export type MeasureSource = "process" | "trace" | "callgrind" | "gcov";

export interface MeasureInfo {
  readonly name: MeasureName;
  /** Short, for headings and sentences: "B's <title> …". */
  readonly title: string;
  /** "ns" for times, "KiB" for memory, "count" for events counted (instructions, lines, calls). */
  readonly unit: "ns" | "KiB" | "count";
  readonly source: MeasureSource;
  /** What it holds and leaves out, for people (the views' and reports' footnote). */
  readonly description: string;
}

const PROCESS_NOTE = "of the whole process as wait4 reports it, the profiler's own work included";

export const MEASURE_INFO: Readonly<Record<MeasureName, MeasureInfo>> = {
  wall: {
    name: "wall",
    title: "wall time",
    unit: "ns",
    source: "process",
    description: `elapsed time ${PROCESS_NOTE}`,
  },
  cpu: {
    name: "cpu",
    title: "CPU time (user + system)",
    unit: "ns",
    source: "process",
    description: `user plus system CPU time ${PROCESS_NOTE}`,
  },
  user: {
    name: "user",
    title: "user CPU time",
    unit: "ns",
    source: "process",
    description: `user CPU time ${PROCESS_NOTE}`,
  },
  sys: {
    name: "sys",
    title: "system CPU time",
    unit: "ns",
    source: "process",
    description: `system CPU time ${PROCESS_NOTE}`,
  },
  rss: {
    name: "rss",
    title: "peak resident memory",
    unit: "KiB",
    source: "process",
    description: `peak resident set size ${PROCESS_NOTE}`,
  },
  "trace-cpu": {
    name: "trace-cpu",
    title: "traced on-CPU time",
    unit: "ns",
    source: "trace",
    description:
      "the program's own calls as the trace timed them, summed over its threads: the tracer's start-up and exit lie outside every call, and time switched out (scheduler events, where recorded) and the tracer's own frames are left out; the tracer's cost inside each call remains (see its estimate)",
  },
  "trace-wall": {
    name: "trace-wall",
    title: "traced wall time (longest thread)",
    unit: "ns",
    source: "trace",
    description:
      "the longest thread's traced calls in wall-clock time, waits included, the tracer's start-up, exit and own frames left out",
  },
  calls: {
    name: "calls",
    title: "recorded calls",
    unit: "count",
    source: "trace",
    description: "calls the trace recorded, scheduler and tracer frames left out",
  },
  ir: {
    name: "ir",
    title: "instructions (Ir)",
    unit: "count",
    source: "callgrind",
    description:
      "instructions executed by the program, counted by callgrind: exact and repeatable, whatever else the machine does",
  },
  counts: {
    name: "counts",
    title: "line executions",
    unit: "count",
    source: "gcov",
    description: "executions of the program's source lines summed, as gcov counts them",
  },
};

const PROCESS: readonly MeasureName[] = ["wall", "cpu", "user", "sys", "rss"];

export interface ProfilerMeasures {
  /** The measure that answers "which is faster" under this profiler. */
  readonly default: MeasureName;
  readonly available: readonly MeasureName[];
}

/** Per profiler (docs/design.md), and for results imported from a benchmarking tool (only wall time). */
export const PROFILER_MEASURES: Readonly<Record<string, ProfilerMeasures>> = {
  time: { default: "wall", available: PROCESS },
  perf: { default: "wall", available: PROCESS },
  // The sampler reads /proc while the program runs: its CPU time is the program's own.
  sampler: { default: "cpu", available: ["cpu", ...PROCESS.filter((m) => m !== "cpu")] },
  uftrace: { default: "trace-cpu", available: ["trace-cpu", "trace-wall", "calls", ...PROCESS] },
  callgrind: { default: "ir", available: ["ir", ...PROCESS] },
  gcov: { default: "counts", available: ["counts", ...PROCESS] },
};
const IMPORTED: ProfilerMeasures = { default: "wall", available: ["wall"] };

/**
 * The measures of a campaign under `profiler`. With plain timing runs beside the profiled ones
 * (`timing` in the spec), "which is faster" is the plain runs' wall time and the profiler's own
 * measures explain; the process's measures are then the plain runs'.
 */
export function campaignMeasures(profiler: string, paired: boolean): ProfilerMeasures {
  const p = PROFILER_MEASURES[profiler] ?? IMPORTED;
  if (!paired) return p;
  return {
    default: "wall",
    available: [...PROCESS, ...p.available.filter((m) => MEASURE_INFO[m].source !== "process")],
  };
}

/** What results imported from each benchmarking tool hold as a run's time (engine/results/). */
const IMPORTED_TIMES: Readonly<Record<string, string>> = {
  hyperfine: "the whole command's wall time, as hyperfine measured each run",
  "google-benchmark": "real time per iteration, as Google Benchmark measured it",
  pyperf: "seconds per loop, as pyperf measured each value",
};

/** The measure as a campaign under `profiler` records it: its description says whose clock it is. */
export function describeMeasure(m: MeasureName, profiler: string, paired: boolean): MeasureInfo {
  const info = MEASURE_INFO[m];
  if (info.source !== "process") return info;
  if (!(profiler in PROFILER_MEASURES))
    return { ...info, description: IMPORTED_TIMES[profiler] ?? `the time ${profiler} reported for each run` };
  if (fromTimingRuns(m, paired)) {
    return {
      ...info,
      description: info.description.replace(
        /, the profiler's own work included$/,
        ", in the plain run of each pair, no profiler attached (code a -pg or --coverage build compiled in still runs)",
      ),
    };
  }
  if (profiler === "time" || profiler === "perf" || profiler === "sampler")
    return {
      ...info,
      description: info.description.replace(
        /, the profiler's own work included$/,
        profiler === "time" ? "" : `, ${profiler}'s own work included`,
      ),
    };
  return info;
}

/** Whether the measure is read from a pair's plain timing runs rather than from the profiled runs. */
export function fromTimingRuns(m: MeasureName, paired: boolean): boolean {
  return paired && MEASURE_INFO[m].source === "process";
}

/** Which runs a measure comes from, in words, for every place that names the measure. */
export function measureBasis(profiler: string, m: MeasureName, paired: boolean): string {
  const source = MEASURE_INFO[m].source;
  if (fromTimingRuns(m, paired)) return "the plain timing runs, no profiler";
  if (source === "process")
    return profiler === "time" || !(profiler in PROFILER_MEASURES)
      ? "the runs' own clocks"
      : `the runs under ${profiler}, its own work included`;
  if (source === "trace") return "the uftrace traces";
  return `${profiler}'s counts`;
}

/** What a run recorded (a RunRow, readModels.ts, has these fields). */
export interface MeasuredRun {
  readonly wallNs: number | null;
  readonly userNs: number | null;
  readonly sysNs: number | null;
  readonly peakRssKb: number | null;
  readonly measures: Readonly<Record<string, number>>;
}

/** The run's value of the measure, or null where the run did not record it. */
export function measureOf(run: MeasuredRun, m: MeasureName): number | null {
  switch (m) {
    case "wall":
      return run.wallNs;
    case "user":
      return run.userNs;
    case "sys":
      return run.sysNs;
    case "cpu":
      return run.userNs === null || run.sysNs === null ? null : run.userNs + run.sysNs;
    case "rss":
      return run.peakRssKb;
    default: {
      const v = run.measures[m];
      return typeof v === "number" && Number.isFinite(v) ? v : null;
    }
  }
}
