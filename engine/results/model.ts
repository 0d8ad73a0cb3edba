// Benchmark results from other tools (hyperfine, Google Benchmark, pyperf) as
// one model: every reader ends in ParsedResults, so naming, planning and
// storing are written once and every format gets every comparison and
// statistic of a campaign (README "Importing results").

/** The results formats `varbench import` reads (detection: trace/detect.ts). */
export const RESULTS_FORMATS = ["hyperfine", "google-benchmark", "pyperf"] as const;
export type ResultsFormat = (typeof RESULTS_FORMATS)[number];

/** How each format is named for people. */
export const RESULTS_FORMAT_TITLES: Readonly<Record<ResultsFormat, string>> = {
  hyperfine: "hyperfine --export-json",
  "google-benchmark": "Google Benchmark --benchmark_format=json",
  pyperf: "pyperf JSON",
};

export type Environment = Readonly<Record<string, unknown>>;

/** The longest run time a file may give, in ns: 2⁵³ (104 days). Below it every whole nanosecond is
 * exact and statistics of such times (sums of squares) stay finite; a longer "run" is a damaged file. */
export const MAX_WALL_NS = Number.MAX_SAFE_INTEGER;
export const WALL_TOO_LONG = "a run longer than 104 days (2^53 ns) is no measurement";

/** One measured run as the tool reported it. */
export interface ToolRun {
  /** Wall time of the run (hyperfine: a whole process, whole ns) or of one iteration or loop (Google Benchmark, pyperf: an average, fractions of a ns kept). */
  readonly wallNs: number;
  readonly exitCode: number | null;
  /** Why the run failed (a non-zero exit, an error the benchmark reported); null: it succeeded. */
  readonly failure: string | null;
  /** What the tool said about this run. */
  readonly environment: Environment;
}

/** What the tool names a design or a workload by: `key` tells them apart, `hint` is what their Varbench name is made from. */
export interface ToolName {
  readonly key: string;
  readonly hint: string;
}

/** One design × workload of the file, in the tool's words. */
export interface ResultSeries {
  /** `label`: the tool's own words for it (a command, a benchmark's name), kept as the design's variables. */
  readonly design: ToolName & {
    readonly label: string;
    readonly variables: Readonly<Record<string, string | number | boolean>>;
  };
  /** Null: the tool names no workload (one command, a benchmark without arguments). */
  readonly workload: (ToolName & { readonly features: Readonly<Record<string, number>> }) | null;
  readonly runs: readonly ToolRun[];
}

export interface ParsedResults {
  readonly format: ResultsFormat;
  readonly toolVersion: string | null;
  /** What the file says of the machine and the tool, kept with every run. */
  readonly environment: Environment;
  readonly series: readonly ResultSeries[];
  readonly warnings: readonly ResultsWarning[];
}

/** Things a reader left out or could not tell, said to people by describeResultsWarning. */
export type ResultsWarning =
  | { kind: "aggregates-skipped"; count: number }
  | { kind: "calibration-skipped"; count: number }
  | { kind: "failed-runs"; design: string; count: number; detail: string }
  | { kind: "unnamed-template"; position: number; name: string };
