// `varbench run-one <shared folder> <run id>`: what a Slurm array task does.
// The run is executed exactly as a local campaign executes it (executeRun),
// into a scratch workspace on the node's own disk (SQLite is never opened on
// the shared folder), and its outcome and artifact blobs are then written to
// the shared folder for the owner to import.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { Workspace } from "../../store/workspace.js";
import { claimNextRun, createCampaign } from "../../store/campaigns.js";
import { runOutcome } from "../../store/runOutcome.js";
import { executeRun } from "../executeRun.js";
import { BLOBS, readTask, runDir, writeResult, type RunResult } from "./taskFiles.js";

export async function runOne(sharedDir: string, runId: number): Promise<RunResult> {
  const task = await readTask(sharedDir, runId);
  const scratch = await mkdtemp(join(process.env.TMPDIR ?? tmpdir(), "varbench-task-"));
  // scancel and a Slurm time limit send SIGTERM first: the run is stopped and recorded as cancelled.
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  try {
    const ws = Workspace.init(scratch);
    try {
      const r = task.run;
      const id = createCampaign(
        ws.db,
        task.spec,
        `campaign ${task.campaignId}, run ${r.id}`,
        0,
        [{ ordinal: r.ordinal, design: r.design, workload: r.workload, repetition: 0, warmup: r.warmup, plan: r.plan }],
        task.specDir,
      );
      const claimed = claimNextRun(ws.db, id, process.pid);
      if (!claimed) throw new Error(`run ${runId} could not be planned on ${hostname()}`);
      await executeRun(ws, claimed, task.spec.profiler, task.buildDir, abort.signal);
      const outcome = runOutcome(ws.db, claimed.id);
      await cp(join(scratch, "artifacts"), join(runDir(sharedDir, runId), BLOBS, "artifacts"), { recursive: true });
      const where = { node: process.env.SLURMD_NODENAME ?? hostname(), slurmJobId: slurmJobId() };
      const result: RunResult = {
        ...where,
        outcome: { ...outcome, environment: { ...outcome.environment, slurm: where } },
      };
      await writeResult(sharedDir, runId, result);
      return result;
    } finally {
      ws.close();
    }
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The task as Slurm names it: array job _ task, or the job id of a plain job. */
function slurmJobId(): string {
  const e = process.env;
  return e.SLURM_ARRAY_JOB_ID && e.SLURM_ARRAY_TASK_ID
    ? `${e.SLURM_ARRAY_JOB_ID}_${e.SLURM_ARRAY_TASK_ID}`
    : (e.SLURM_JOB_ID ?? "");
}
