// pyperf JSON, format version "1.0" (pyperf ≥ 1.0; pyperf's _bench.py and
// its API documentation): {"version": "1.0", "metadata": {…}, "benchmarks":
// [{"metadata": {…}, "runs": [{"metadata": {…}, "warmups": [[loops, value]…],
// "values": […]}]}]}. Metadata is layered: the file's (what all benchmarks
// share, their name too when there is only one), the benchmark's, the run's;
// a run sees all three, the nearer winning. Values are seconds per loop
// iteration (pyperf divides by loops × inner_loops); warm-ups are not
// measured, and runs holding only warm-ups calibrate the loop count.
//
// Each value is one Varbench run; the benchmark's name is the design, and the
// file's name (or --workload) the workload.
import * as z from "zod";
import { checkDocument, jsonPath } from "./json.js";
import { checkRunCount, countAt, ResultsError, type FieldProblem } from "./diagnostics.js";
import { MAX_WALL_NS, WALL_TOO_LONG, type ParsedResults, type ResultSeries, type ToolRun } from "./model.js";

/** pyperf's JSON format version this reader knows. */
export const PYPERF_FORMAT_VERSION = "1.0";

const metadataSchema = z.record(z.string(), z.unknown());
const runSchema = z.looseObject({
  metadata: metadataSchema.optional(),
  warmups: z.array(z.tuple([z.number().int().positive(), z.number().nonnegative()])).optional(),
  // pyperf's own rule (Run.__init__): every value is > 0.
  values: z
    .array(
      z
        .number()
        .positive("a value must be > 0 (seconds per loop)")
        .max(MAX_WALL_NS / 1e9, WALL_TOO_LONG),
    )
    .optional(),
});
const documentSchema = z.looseObject({
  version: z.literal(PYPERF_FORMAT_VERSION, {
    error: `the pyperf format version Varbench reads is "${PYPERF_FORMAT_VERSION}" (pyperf 1.0 and later)`,
  }),
  metadata: metadataSchema.optional(),
  benchmarks: z.array(
    z.looseObject({ metadata: metadataSchema.optional(), runs: z.array(runSchema).min(1, "holds no run") }),
  ),
});

export function readPyperf(doc: unknown, file: string): ParsedResults {
  checkRunCount(countAt(doc, ["benchmarks", "*", "runs", "*", "values"]), file, "pyperf");
  const parsed = checkDocument(documentSchema, doc, file, "pyperf");
  const empty = (detail: string) =>
    new ResultsError({ kind: "empty", file, format: "pyperf", path: "benchmarks", detail });
  if (parsed.benchmarks.length === 0) throw empty("no benchmark in it");
  const problems = new Map<string, FieldProblem>();
  const problem = (path: (string | number)[], message: string) =>
    problems.set(jsonPath(path), { path: jsonPath(path), message });
  let calibration = 0;
  const series = parsed.benchmarks.map((b, bi): ResultSeries => {
    const benchMetadata = { ...parsed.metadata, ...b.metadata };
    const name = benchMetadata.name;
    if (typeof name !== "string" || name.length === 0)
      problem(
        ["benchmarks", bi, "metadata", "name"],
        "a benchmark needs a name (pyperf writes it in the benchmark's or the file's metadata)",
      );
    const runs: ToolRun[] = [];
    for (const [ri, run] of b.runs.entries()) {
      const metadata = { ...benchMetadata, ...run.metadata };
      const unit = metadata.unit ?? "second";
      if (unit !== "second") {
        const where =
          run.metadata?.unit !== undefined
            ? ["benchmarks", bi, "runs", ri, "metadata", "unit"]
            : b.metadata?.unit !== undefined
              ? ["benchmarks", bi, "metadata", "unit"]
              : ["metadata", "unit"];
        problem(where, `Varbench imports times; this benchmark measures ${JSON.stringify(unit)}`);
      }
      if (!run.values || run.values.length === 0) calibration++;
      for (const [vi, value] of (run.values ?? []).entries()) {
        runs.push({
          wallNs: value * 1e9,
          exitCode: null,
          failure: null,
          environment: { metadata, pyperf_run: ri, value_index: vi },
        });
      }
    }
    const design = String(name);
    return {
      design: { key: design, hint: design, label: design, variables: { benchmark: design } },
      workload: null,
      runs,
    };
  });
  if (problems.size > 0)
    throw new ResultsError({ kind: "invalid", file, format: "pyperf", problems: [...problems.values()] });
  if (series.every((s) => s.runs.length === 0)) throw empty("no measured value in it (only calibration runs)");
  const version = parsed.metadata?.perf_version;
  return {
    format: "pyperf",
    toolVersion: typeof version === "string" ? version : null,
    environment: {},
    series: series.filter((s) => s.runs.length > 0),
    warnings: calibration > 0 ? [{ kind: "calibration-skipped", count: calibration }] : [],
  };
}
