// What is handed to sbatch for one array of planned runs: the options the
// spec asks for, and a script whose task i runs the i-th run of the array's
// list through `varbench run-one`. Everything a task needs is in files under
// the shared folder; nothing reaches the workspace's database from a node.
import { join } from "node:path";

export interface SlurmOptions {
  readonly partition?: string;
  readonly account?: string;
  /** Per task, in minutes (Slurm counts time limits in minutes). */
  readonly timeLimitMinutes: number;
  readonly cpusPerRun: number;
  readonly exclusive: boolean;
  /** Passed to sbatch as they are, after Varbench's own. */
  readonly sbatchOptions: readonly string[];
}

export interface ArrayBatch {
  /** The folder of this array's files: the run list, the script, Slurm's output per task. */
  readonly dir: string;
  readonly runIds: readonly number[];
  /** How a node starts Varbench: [node, varbench.js] of the owner's installation (a shared path). */
  readonly varbench: readonly string[];
  /** Where each run's task and result files are (runs/<id>/ under it). */
  readonly sharedDir: string;
  readonly jobName: string;
}

/** Slurm's default MaxArraySize is 1001 (indices 0…1000): larger campaigns are cut into several arrays. */
export const MAX_ARRAY_TASKS = 1000;

export const RUN_LIST = "runs.txt";
export const SCRIPT = "batch.sh";

/** The sbatch arguments, the script's path last. */
export function sbatchArgs(batch: ArrayBatch, o: SlurmOptions): string[] {
  return [
    "--parsable",
    `--job-name=${batch.jobName}`,
    `--array=0-${batch.runIds.length - 1}`,
    `--output=${join(batch.dir, "slurm-%A_%a.out")}`,
    `--time=${o.timeLimitMinutes}`,
    `--cpus-per-task=${o.cpusPerRun}`,
    // A run must not start again by itself after a node failure: resume decides what runs again.
    "--no-requeue",
    ...(o.partition ? [`--partition=${o.partition}`] : []),
    ...(o.account ? [`--account=${o.account}`] : []),
    ...(o.exclusive ? ["--exclusive"] : []),
    ...o.sbatchOptions,
    join(batch.dir, SCRIPT),
  ];
}

/** The batch script: task i runs line i + 1 of the run list. */
export function batchScript(batch: ArrayBatch): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [
    "#!/bin/sh",
    "# Written by Varbench: each array task runs one planned run and writes runs/<id>/result.json.",
    `run=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" ${quote(join(batch.dir, RUN_LIST))})`,
    `exec ${batch.varbench.map(quote).join(" ")} run-one ${quote(batch.sharedDir)} "$run"`,
    "",
  ].join("\n");
}

/** The run list file: one run id a line, in array order. */
export function runList(runIds: readonly number[]): string {
  return runIds.map(String).join("\n") + "\n";
}
