// hyperfine --export-json (checked against hyperfine 1.15): `results[i]` is one
// command with the wall time of each measured run in `times` (seconds), its
// `exit_codes`, and with a parameter scan (-P, -L) its `parameters`.
//
// Each command is a design, named by `command` (which is --command-name when
// one was given). Without parameters every command runs on one workload (the
// file's name, or --workload). With parameters the workload is the parameter
// values ("n-1000", numeric ones become features), and the design is the
// command *template*: hyperfine lists results by parameter values, and within
// each value the commands in the order they were given, so the k-th command of
// every parameter group is one design (templates.ts names it).
import * as z from "zod";
import { checkDocument } from "./json.js";
import { checkRunCount, countAt, ResultsError } from "./diagnostics.js";
import {
  MAX_WALL_NS,
  WALL_TOO_LONG,
  type ParsedResults,
  type ResultSeries,
  type ResultsWarning,
  type ToolRun,
} from "./model.js";
import { commandTemplates } from "./templates.js";

const seconds = z
  .number()
  .nonnegative("a time in seconds must be ≥ 0")
  .max(MAX_WALL_NS / 1e9, WALL_TOO_LONG);
const resultSchema = z
  .looseObject({
    command: z.string().min(1, "names no command"),
    times: z.array(seconds).min(1, "holds no measured run"),
    exit_codes: z.array(z.number().int().nullable()).optional(),
    parameters: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).optional(),
    mean: z.number().optional(),
    stddev: z.number().nullable().optional(),
    median: z.number().optional(),
    user: z.number().optional(),
    system: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.exit_codes && r.exit_codes.length !== r.times.length)
      ctx.addIssue({
        code: "custom",
        path: ["exit_codes"],
        message: `holds ${r.exit_codes.length} exit code(s) for ${r.times.length} time(s)`,
      });
  });
const documentSchema = z.looseObject({ results: z.array(resultSchema) });
type Result = z.output<typeof resultSchema>;

/** Seconds to whole nanoseconds: a hyperfine time is a whole process run, measured to the nanosecond. */
export const secondsToNs = (s: number): number => Math.round(s * 1e9);

export function readHyperfine(doc: unknown, file: string): ParsedResults {
  checkRunCount(countAt(doc, ["results", "*", "times"]), file, "hyperfine");
  const { results } = checkDocument(documentSchema, doc, file, "hyperfine");
  if (results.length === 0)
    throw new ResultsError({
      kind: "empty",
      file,
      format: "hyperfine",
      path: "results",
      detail: "no benchmark results in it",
    });
  const warnings: ResultsWarning[] = [];
  const scanned = results.some((r) => r.parameters && Object.keys(r.parameters).length > 0);
  const designs = scanned
    ? commandTemplates(results.map((r) => ({ command: r.command, parameters: r.parameters ?? {} })))
    : null;
  if (designs)
    for (const w of designs.unnamed) warnings.push({ kind: "unnamed-template", position: w.position, name: w.name });
  const series = results.map((r, i): ResultSeries => {
    const design = designs ? designs.of[i] : { key: r.command, hint: r.command, command: r.command };
    const parameters = Object.entries(r.parameters ?? {});
    return {
      design: { key: design.key, hint: design.hint, label: design.command, variables: { command: design.command } },
      workload:
        parameters.length === 0
          ? null
          : {
              key: JSON.stringify(parameters),
              hint: parameters.map(([k, v]) => `${k}-${v}`).join("_"),
              features: Object.fromEntries(
                parameters
                  .filter(([, v]) => v.trim() !== "" && Number.isFinite(Number(v)))
                  .map(([k, v]) => [k, Number(v)]),
              ),
            },
      runs: r.times.map((t, j) => toolRun(r, t, j)),
    };
  });
  return { format: "hyperfine", toolVersion: null, environment: {}, series, warnings };
}

function toolRun(r: Result, seconds: number, index: number): ToolRun {
  // Before exit_codes were exported, a failing command stopped hyperfine: every run it kept succeeded.
  const code = r.exit_codes ? r.exit_codes[index] : undefined;
  const statistics = Object.fromEntries(
    (["mean", "stddev", "median", "user", "system", "min", "max"] as const)
      .filter((k) => r[k] !== undefined)
      .map((k) => [k, r[k]]),
  );
  return {
    wallNs: secondsToNs(seconds),
    exitCode: code ?? null,
    failure: code === 0 || code === undefined ? null : code === null ? "ended by a signal" : `exited with code ${code}`,
    environment: {
      command: r.command,
      ...(r.parameters ? { parameters: r.parameters } : {}),
      run_index: index,
      command_statistics_s: statistics,
    },
  };
}
