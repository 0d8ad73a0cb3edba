// Where a campaign's runs execute (the spec's `executor`): on this machine, or
// through Slurm as job arrays (issue 18). `executor: slurm` is the short form.
import * as z from "zod";

/** Slurm counts a time limit in minutes; a year is past any partition's MaxTime. */
const MAX_TIME_LIMIT_MINUTES = 525_600;
/** cpus-per-task beyond any node Slurm runs on today. */
const MAX_CPUS_PER_RUN = 4096;

const slurm = z.strictObject({
  kind: z.literal("slurm"),
  partition: z.string().min(1).optional(),
  account: z.string().min(1).optional(),
  /** Minutes per run; by default the spec's timeout plus a minute, rounded up. */
  timeLimitMinutes: z.number().int().min(1).max(MAX_TIME_LIMIT_MINUTES).optional(),
  cpusPerRun: z.number().int().min(1).max(MAX_CPUS_PER_RUN).default(1),
  exclusive: z.boolean().default(false),
  /** Given to sbatch as they are, after Varbench's own options. */
  sbatchOptions: z.array(z.string().regex(/^-/, "an sbatch option, starting with -")).default([]),
  /** A folder every node sees at the same path (tasks, results, builds); by default <workspace>/slurm. */
  sharedDir: z.string().min(1).optional(),
});

const local = z.strictObject({ kind: z.literal("local") });

export const executorSchema = z
  .preprocess((v) => (v === "slurm" || v === "local" ? { kind: v } : v), z.discriminatedUnion("kind", [local, slurm]))
  .default({ kind: "local" });

export type ExecutorSpec = z.infer<typeof executorSchema>;
export type SlurmExecutorSpec = Extract<ExecutorSpec, { kind: "slurm" }>;
