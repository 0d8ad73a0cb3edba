// Errors and warnings of results files as discriminated unions, worded for
// people in one place (as trace/diagnostics.ts does for traces): every error
// names the file and, for a bad field, its JSON path (`results[0].times[3]`).
import { VarbenchError } from "../errors/errors.js";
import { MAX_PLANNED_RUNS } from "../campaign/spec.js";
import { RESULTS_FORMAT_TITLES, type ResultsFormat, type ResultsWarning } from "./model.js";
import { grouped } from "../format/numbers.js";

export interface FieldProblem {
  /** JSON path from the document's root, e.g. `benchmarks[2].real_time`; "" for the root. */
  readonly path: string;
  readonly message: string;
}

export type ResultsErrorDetail =
  | { kind: "not-json"; file: string; byteOffset: number | null; detail: string }
  | { kind: "not-utf8"; file: string }
  /** A string (or a number's text) past what any results file holds (jsonStream.ts). */
  | { kind: "too-long"; file: string; byteOffset: number; what: string; limitBytes: number }
  /** More measured runs than a campaign plans (spec.ts's MAX_PLANNED_RUNS). */
  | { kind: "too-many-runs"; file: string; format: ResultsFormat; runs: number; limit: number }
  /** More text kept with the runs than any real file gives (plan.ts's MAX_IMPORT_TEXT). */
  | { kind: "too-much-text"; file: string; format: ResultsFormat; limit: number }
  | { kind: "invalid"; file: string; format: ResultsFormat; problems: readonly FieldProblem[] }
  | { kind: "empty"; file: string; format: ResultsFormat; path: string; detail: string };

/** At most this many bad fields are listed; the rest are counted. */
const MAX_LISTED_PROBLEMS = 5;

export class ResultsError extends VarbenchError {
  readonly kind = "input";

  constructor(readonly detail: ResultsErrorDetail) {
    super(describeResultsError(detail));
    this.name = "ResultsError";
  }
}

/** The elements of the arrays at `path` ("*": every element of an array) in a document not checked yet,
 * anything else counting 0: the run count is refused before the schema copies the document, since the
 * copy of a 12 MB hyperfine file of 2,000,000 times took the engine's 64 MB heap past its limit. */
export function countAt(node: unknown, path: readonly string[], at = 0): number {
  if (at === path.length) return Array.isArray(node) ? node.length : 0;
  if (path[at] === "*") {
    if (!Array.isArray(node)) return 0;
    let n = 0;
    for (const x of node) n += countAt(x, path, at + 1);
    return n;
  }
  return node !== null && typeof node === "object" && !Array.isArray(node)
    ? countAt((node as Record<string, unknown>)[path[at]], path, at + 1)
    : 0;
}

/** Refuses a file of more measured runs than a campaign plans: each becomes a run row like a
 * campaign's, and 2,000,000 of them took 109 s, 1.8 GB of memory and a 1.7 GB workspace. Called
 * by each reader before any run is made of the document (hyperfine's and pyperf's before it is checked, on
 * countAt). */
export function checkRunCount(runs: number, file: string, format: ResultsFormat): void {
  if (runs > MAX_PLANNED_RUNS)
    throw new ResultsError({ kind: "too-many-runs", file, format, runs, limit: MAX_PLANNED_RUNS });
}

export function describeResultsError(e: ResultsErrorDetail): string {
  switch (e.kind) {
    case "not-json":
      return `${e.file}: ${e.byteOffset === null ? "" : `at byte ${e.byteOffset}: `}not valid JSON (${e.detail})`;
    case "not-utf8":
      return `${e.file}: not UTF-8 text, so not a results file`;
    case "too-long":
      return `${e.file}: at byte ${e.byteOffset}: ${e.what} longer than ${e.limitBytes / 1024} KiB, which no results file holds (a command is one argument, and Linux passes none longer): not imported`;
    case "too-much-text":
      return `${e.file}: its runs would keep more than ${grouped(e.limit / 1e6)} MB of the tool's words (each run keeps its command and the file's context), which no real ${RESULTS_FORMAT_TITLES[e.format]} file gives: not imported`;
    case "too-many-runs":
      return `${e.file}: ${grouped(e.runs)} measured runs; an import, like a campaign, holds at most ${grouped(e.limit)} (split the file, or keep fewer repetitions)`;
    case "invalid": {
      const listed = e.problems
        .slice(0, MAX_LISTED_PROBLEMS)
        .map((p) => `${e.file}: ${p.path || "(top level)"}: ${p.message}`);
      const more = e.problems.length - listed.length;
      return [
        `${e.file} is not a ${RESULTS_FORMAT_TITLES[e.format]} file Varbench can import:`,
        ...listed,
        ...(more > 0 ? [`… and ${more} more`] : []),
      ].join("\n");
    }
    case "empty":
      return `${e.file}: ${e.path}: ${e.detail}`;
  }
}

export function describeResultsWarning(w: ResultsWarning): string {
  switch (w.kind) {
    case "aggregates-skipped":
      return `${w.count} aggregate row(s) (mean, median, stddev, …) were left out: Varbench computes its statistics from the repetitions themselves`;
    case "calibration-skipped":
      return `${w.count} calibration run(s) (warm-ups only, no values) were left out`;
    case "failed-runs":
      return `design ${w.design}: ${w.count} run(s) failed (${w.detail}); they are kept as failed runs and left out of the statistics`;
    case "unnamed-template":
      return `hyperfine: the commands at position ${w.position} of each parameter group do not show where the parameters go; their design is named ${w.name}`;
  }
}
