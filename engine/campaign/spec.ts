// The campaign spec (issue 3): one zod schema, so every error names its field
// (specFile.ts reads the YAML and adds the line). Keys the runner does not
// implement are rejected, never silently ignored.
import * as z from "zod";
import { VarbenchError } from "../errors/errors.js";
import { executorSchema } from "./executor.js";
import { nameSchema as name } from "./names.js";
import { PROFILER_NAMES } from "./profilerNames.js";
import { grouped } from "../format/numbers.js";

const argv = z.array(z.string().min(1)).min(1, "needs at least the program");
const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** Node's timers hold 2³¹ − 1 ms (about 24.8 days); a longer timeout fired after 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** A time with its unit. Hours are accepted (a run of a long benchmark is timed in them); days are
 * not, as Node's timers end at 24.8 days, which hours already reach (596 h). */
const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION_FORMAT = 'a number of seconds or a time with its unit, e.g. "500ms", "30s", "2m", "10h"';
const duration = z
  .union([z.number().positive("a positive number of seconds"), z.string().regex(DURATION, DURATION_FORMAT)], {
    error: DURATION_FORMAT,
  })
  // Checked only once the format is right: a value of no format has no range (and was read as null).
  .refine((d) => durationMs(d) >= 1 && durationMs(d) <= MAX_TIMEOUT_MS, {
    message: `between 1 ms and ${Math.floor(MAX_TIMEOUT_MS / 86_400_000)} days (Node's timers hold no more)`,
    when: (payload) => payload.issues.length === 0,
  });
/** Runs a campaign plans at most (designs × workloads × (repetitions + warm-ups)): each is a row, a
 * task and a line of the runs table; the workbench is checked responsive at 100,000 runs, and a
 * billion repetitions grew the planner without end. */
export const MAX_PLANNED_RUNS = 200_000;
/** Runs at once on one machine; more only queue up behind its cores (a million hung the runner). */
export const MAX_CONCURRENCY = 256;
/** CPU numbers Linux allows today (CONFIG_NR_CPUS tops at 8192). */
const MAX_CPU = 8191;

const workload = z
  .strictObject({
    name,
    /** The command of this workload's runs; optional where every design gives its own (a design's `argv`). */
    argv: argv.optional(),
    cwd: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
    inputs: z.array(z.string()).optional(),
    features: z.record(z.string(), z.number()).optional(),
    requests: z.number().int().positive().optional(),
    /** Active profiling (paper 003 §3.1): the regular input of `requests` identical requests, or an irregular (real) one. */
    role: z.enum(["regular", "irregular"]).optional(),
  })
  .refine((w) => w.role === undefined || w.requests !== undefined, {
    message: "a workload with a role (regular or irregular) says how many requests its input holds: requests: <count>",
    path: ["requests"],
  });

const design = z.strictObject({
  name,
  variables: z.record(z.string(), scalar).optional(),
  /** Run once per design, in its own build folder ({build_dir}), before its first run. */
  build: argv.optional(),
  /** The design is a command of its own (two programs compared, as hyperfine compares commands): its runs
   * start this argv in place of the workload's, with the workload's features filled in. */
  argv: argv.optional(),
});

export { PROFILER_NAMES, type ProfilerName } from "./profilerNames.js";
const profilerName = z.enum(PROFILER_NAMES, { error: () => `one of: ${PROFILER_NAMES.join(", ")}` });
/** `profiler: uftrace`, or with options passed to it: `{ name: uftrace, options: [-t, 1us] }`. */
const profiler = z.preprocess(
  (p) => (typeof p === "string" ? { name: p } : p),
  z.strictObject({ name: profilerName, options: z.array(z.string()).default([]) }),
);

export const campaignSpecSchema = z
  .strictObject({
    project: name,
    name: name.optional(),
    designs: z.array(design).min(1),
    workloads: z.array(workload).min(1),
    repetitions: z.number().int().positive().max(MAX_PLANNED_RUNS),
    warmups: z.number().int().min(0).max(MAX_PLANNED_RUNS).default(0),
    profiler: profiler.default({ name: "time", options: [] }),
    /** Plain timing runs beside the profiled ones: each repetition runs once with no profiler, for "which is
     * faster", and once under the profiler, for "why", the two back to back as a pair. */
    timing: z.literal("time", { error: () => 'the only plain timing is "time": timing: time' }).optional(),
    order: z.enum(["interleaved", "sequential"]).default("interleaved"),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
    concurrency: z.number().int().positive().max(MAX_CONCURRENCY, `at most ${MAX_CONCURRENCY} runs at once`).default(1),
    timeout: duration.default("600s"),
    prepare: argv.optional(),
    cleanup: argv.optional(),
    cpus: z
      .string()
      .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'a CPU list such as "0" or "0,2-3"')
      .refine((c) => cpuNumbers(c).every((n) => n <= MAX_CPU), `CPU numbers go up to ${MAX_CPU}`)
      .refine(
        (c) =>
          c.split(",").every((r) => {
            const [a, b] = r.split("-").map(Number);
            return b === undefined || a <= b;
          }),
        "a range goes up: 2-3, not 3-2",
      )
      .optional(),
    executor: executorSchema,
  })
  .superRefine((spec, ctx) => {
    // Two designs or workloads of one name were pooled under it: every statistic mixed them.
    for (const key of ["designs", "workloads"] as const) {
      const seen = new Set<string>();
      spec[key].forEach((item, i) => {
        if (seen.has(item.name))
          ctx.addIssue({
            code: "custom",
            path: [key, i, "name"],
            message: `${item.name} is named twice: each ${key === "designs" ? "design" : "workload"} needs a name of its own`,
          });
        seen.add(item.name);
      });
    }
    // A run needs a command: its design's, or else its workload's.
    if (!spec.designs.every((d) => d.argv)) {
      spec.workloads.forEach((w, i) => {
        if (!w.argv)
          ctx.addIssue({
            code: "custom",
            path: ["workloads", i, "argv"],
            message: "a workload needs argv (the command its runs start) unless every design gives its own argv",
          });
      });
    }
    const perRepetition = spec.timing ? 2 : 1;
    const runs = spec.designs.length * spec.workloads.length * (spec.repetitions + spec.warmups) * perRepetition;
    if (runs > MAX_PLANNED_RUNS) {
      ctx.addIssue({
        code: "custom",
        path: ["repetitions"],
        message: `${spec.designs.length} design(s) × ${spec.workloads.length} workload(s) × (${spec.repetitions} repetitions + ${spec.warmups} warm-ups)${spec.timing ? " × 2 (a plain timing run beside each profiled one)" : ""} is ${grouped(runs)} runs; a campaign plans at most ${grouped(MAX_PLANNED_RUNS)}`,
      });
    }
    if (spec.timing && spec.profiler.name === "time") {
      ctx.addIssue({
        code: "custom",
        path: ["timing"],
        message:
          "the profiler is already time: plain timing runs beside it would be the same runs twice (leave timing out, or profile with uftrace, callgrind, gcov, perf or sampler)",
      });
    }
  });

/** The CPU numbers of a list such as "0,2-3" (ranges checked to go up). */
export function cpuNumbers(list: string): number[] {
  return list.split(",").flatMap((r) => {
    const [a, b] = r.split("-").map(Number);
    return b === undefined
      ? [a]
      : b - a > MAX_CPU
        ? [a, b]
        : Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  });
}

export type CampaignSpec = z.infer<typeof campaignSpecSchema>;
export type WorkloadSpec = CampaignSpec["workloads"][number];
export type DesignSpec = CampaignSpec["designs"][number];

export interface SpecIssue {
  readonly path: string;
  readonly line: number | null;
  readonly message: string;
}

export class SpecError extends VarbenchError {
  readonly kind = "input";

  constructor(
    readonly file: string,
    readonly issues: readonly SpecIssue[],
  ) {
    super(
      issues.map((i) => `${file}${i.line ? `:${i.line}` : ""}: ${i.path ? `${i.path}: ` : ""}${i.message}`).join("\n"),
    );
    this.name = "SpecError";
  }
}

/** Seconds, or a string with a unit, as milliseconds; NaN for a string of no duration format. */
export function durationMs(d: number | string): number {
  if (typeof d === "number") return d * 1000;
  const m = DURATION.exec(d);
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : NaN;
}
