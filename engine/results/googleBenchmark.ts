// Google Benchmark --benchmark_format=json (checked against libbenchmark 1.7.1):
// `context` describes the machine and the library build, `benchmarks[]` holds
// one row per repetition of each benchmark (run_type "iteration") and the
// aggregates derived from them ("aggregate": mean, median, stddev, cv, BigO).
// Iteration rows only are imported, each as one run whose wall time is its
// real_time per iteration; Varbench derives its own statistics from them.
//
// Names: "BM_Sort/1024" → design BM_Sort, workload 1024. A name is cut at its
// first argument segment: a number ("1024", "-1"), a named value ("n:8",
// "threads:4", "min_time:0.5") or a timing mode ("real_time", "manual_time",
// "process_time"); what comes before is the design (a fixture's
// "MyFixture/BarTest" stays whole), what comes after is the workload. A
// benchmark without arguments runs on the file's workload (or --workload).
// The workload's numeric arguments are its features: positional ones as
// arg0, arg1, … (state.range(i)), named ones by their name.
import * as z from "zod";
import { checkDocument } from "./json.js";
import { checkRunCount, ResultsError } from "./diagnostics.js";
import { MAX_WALL_NS, WALL_TOO_LONG, type ParsedResults, type ResultSeries } from "./model.js";

/** Nanoseconds per time_unit. */
export const TIME_UNIT_NS = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 } as const;
const TIMING_MODES = new Set(["real_time", "manual_time", "process_time"]);

const rowSchema = z
  .looseObject({
    name: z.string().min(1, "names no benchmark"),
    run_name: z.string().min(1).optional(),
    run_type: z.enum(["iteration", "aggregate"]).optional(),
    aggregate_name: z.string().optional(),
    repetition_index: z.number().int().nonnegative().optional(),
    iterations: z.number().nonnegative().optional(),
    real_time: z.number().optional(),
    cpu_time: z.number().optional(),
    time_unit: z
      .enum(Object.keys(TIME_UNIT_NS) as [keyof typeof TIME_UNIT_NS], { error: "a time unit: ns, us, ms or s" })
      .optional(),
    error_occurred: z.boolean().optional(),
    error_message: z.string().optional(),
  })
  .superRefine((r, ctx) => {
    if (isAggregate(r)) return;
    if (r.real_time === undefined)
      ctx.addIssue({ code: "custom", path: ["real_time"], message: "an iteration row needs its real_time" });
    else if (r.real_time < 0) ctx.addIssue({ code: "custom", path: ["real_time"], message: "a time must be ≥ 0" });
    if (r.time_unit === undefined)
      ctx.addIssue({ code: "custom", path: ["time_unit"], message: "an iteration row needs its time_unit" });
    else if (r.real_time !== undefined && r.real_time * TIME_UNIT_NS[r.time_unit] > MAX_WALL_NS)
      ctx.addIssue({ code: "custom", path: ["real_time"], message: WALL_TOO_LONG });
  });
const documentSchema = z.looseObject({
  context: z.looseObject({ library_version: z.string().optional() }),
  benchmarks: z.array(rowSchema),
});
type Row = z.output<typeof rowSchema>;

const isAggregate = (r: { run_type?: string; aggregate_name?: string }) =>
  r.run_type === "aggregate" || (r.run_type === undefined && r.aggregate_name !== undefined);

export function readGoogleBenchmark(doc: unknown, file: string): ParsedResults {
  const { context, benchmarks } = checkDocument(documentSchema, doc, file, "google-benchmark");
  const empty = (detail: string) =>
    new ResultsError({ kind: "empty", file, format: "google-benchmark", path: "benchmarks", detail });
  if (benchmarks.length === 0) throw empty("no benchmark in it");
  const rows = benchmarks.filter((r) => !isAggregate(r));
  if (rows.length === 0)
    throw empty(
      "only aggregate rows (mean, median, …): run the benchmark again without --benchmark_report_aggregates_only, so that each repetition is written",
    );
  checkRunCount(rows.length, file, "google-benchmark");
  const aggregates = benchmarks.length - rows.length;
  return {
    format: "google-benchmark",
    toolVersion: context.library_version ?? null,
    environment: { context },
    series: rows.map(seriesOf),
    warnings: aggregates > 0 ? [{ kind: "aggregates-skipped", count: aggregates }] : [],
  };
}

function seriesOf(r: Row): ResultSeries {
  const { design, args } = splitBenchmarkName(r.run_name ?? r.name);
  const ns = TIME_UNIT_NS[r.time_unit!];
  const failure = r.error_occurred ? (r.error_message ?? "the benchmark reported an error") : null;
  return {
    design: { key: design, hint: design, label: design, variables: { benchmark: design } },
    workload: args.length === 0 ? null : { key: args.join("/"), hint: args.join("/"), features: featuresOf(args) },
    runs: [
      {
        wallNs: r.real_time! * ns,
        exitCode: null,
        failure,
        environment: { benchmark: r, ...(r.cpu_time === undefined ? {} : { cpu_time_ns: r.cpu_time * ns }) },
      },
    ],
  };
}

/** "BM_Sort/1024/real_time" → { design: "BM_Sort", args: ["1024", "real_time"] } (the rule above). */
export function splitBenchmarkName(name: string): { design: string; args: string[] } {
  const segments = name.split("/");
  const first = segments.findIndex((s, i) => i > 0 && (/^-?\d/.test(s) || s.includes(":") || TIMING_MODES.has(s)));
  return first < 0
    ? { design: name, args: [] }
    : { design: segments.slice(0, first).join("/"), args: segments.slice(first) };
}

function featuresOf(args: readonly string[]): Record<string, number> {
  const features: Record<string, number> = {};
  let position = 0;
  for (const a of args) {
    const named = /^([A-Za-z_][A-Za-z0-9_]*):(-?[\d.eE+-]+)$/.exec(a);
    if (named && Number.isFinite(Number(named[2]))) features[named[1]] = Number(named[2]);
    else if (/^-?\d+(\.\d+)?$/.test(a) && Number.isFinite(Number(a))) features[`arg${position++}`] = Number(a);
  }
  return features;
}
