// The campaign spec (issue 3): one zod schema, so every error names its field
// (specFile.ts reads the YAML and adds the line). Keys the runner does not
// implement are rejected, never silently ignored.
import * as z from "zod";
import { executorSchema } from "./executor.js";
import { nameSchema as name } from "./names.js";

const argv = z.array(z.string().min(1)).min(1, "needs at least the program");
const scalar = z.union([z.string(), z.number(), z.boolean()]);
const duration = z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?(ms|s|m)$/, 'a number of seconds or e.g. "500ms", "30s", "2m"')]);

const workload = z.strictObject({
  name,
  argv,
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
  inputs: z.array(z.string()).optional(),
  features: z.record(z.string(), z.number()).optional(),
  requests: z.number().int().positive().optional(),
  /** Active profiling (paper 003 §3.1): the regular input of `requests` identical requests, or an irregular (real) one. */
  role: z.enum(["regular", "irregular"]).optional(),
}).refine((w) => w.role === undefined || w.requests !== undefined, { message: "a workload with a role (regular or irregular) says how many requests its input holds: requests: <count>", path: ["requests"] });

const design = z.strictObject({
  name,
  variables: z.record(z.string(), scalar).optional(),
  /** Run once per design, in its own build folder ({build_dir}), before its first run. */
  build: argv.optional(),
});

/** The profilers of docs/design.md. */
export const PROFILER_NAMES = ["time", "uftrace", "callgrind", "gcov", "perf", "sampler"] as const;
const profilerName = z.enum(PROFILER_NAMES, { error: () => `one of: ${PROFILER_NAMES.join(", ")}` });
/** `profiler: uftrace`, or with options passed to it: `{ name: uftrace, options: [-t, 1us] }`. */
const profiler = z.preprocess(
  (p) => (typeof p === "string" ? { name: p } : p),
  z.strictObject({ name: profilerName, options: z.array(z.string()).default([]) }),
);

export const campaignSpecSchema = z.strictObject({
  project: name,
  name: name.optional(),
  designs: z.array(design).min(1),
  workloads: z.array(workload).min(1),
  repetitions: z.number().int().positive(),
  warmups: z.number().int().min(0).default(0),
  profiler: profiler.default({ name: "time", options: [] }),
  order: z.enum(["interleaved", "sequential"]).default("interleaved"),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  concurrency: z.number().int().positive().default(1),
  timeout: duration.default("600s"),
  prepare: argv.optional(),
  cleanup: argv.optional(),
  cpus: z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'a CPU list such as "0" or "0,2-3"').optional(),
  executor: executorSchema,
});

export type CampaignSpec = z.infer<typeof campaignSpecSchema>;
export type WorkloadSpec = CampaignSpec["workloads"][number];
export type DesignSpec = CampaignSpec["designs"][number];

export interface SpecIssue {
  readonly path: string;
  readonly line: number | null;
  readonly message: string;
}

export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly SpecIssue[],
  ) {
    super(issues.map((i) => `${file}${i.line ? `:${i.line}` : ""}: ${i.path ? `${i.path}: ` : ""}${i.message}`).join("\n"));
    this.name = "SpecError";
  }
}

/** Seconds, or a string with a unit, as milliseconds. */
export function durationMs(d: number | string): number {
  if (typeof d === "number") return d * 1000;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(d)!;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2] as "ms" | "s" | "m"];
}
