// The files a Slurm campaign shares between the workspace's owner and the
// nodes, under the executor's shared folder: per run, the task (what to run)
// written by the owner, and the result (how it went, with its artifacts as
// content-addressed blobs) written by the node, renamed into place whole so a
// half-written result is never read. The database never leaves the owner.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as z from "zod";
import type { ClaimedRun, RunOutcome } from "../../store/campaigns.js";
import type { CampaignSpec } from "../../campaign/spec.js";

/** What a node needs to run one planned run. */
export interface RunTask {
  readonly campaignId: number;
  readonly spec: CampaignSpec;
  readonly specDir: string;
  readonly run: ClaimedRun;
  readonly buildDir: string;
}

/** A run's result as the node recorded it, with where it ran. */
export interface RunResult {
  readonly outcome: RunOutcome;
  readonly node: string;
  readonly slurmJobId: string;
}

const resultSchema = z.object({
  node: z.string(),
  slurmJobId: z.string(),
  outcome: z.object({
    status: z.enum(["succeeded", "failed", "timed-out", "cancelled"]),
    exitCode: z.number().nullable(),
    signal: z.string().nullable(),
    wallNs: z.number().nullable(),
    userNs: z.number().nullable(),
    sysNs: z.number().nullable(),
    peakRssKb: z.number().nullable(),
    voluntarySwitches: z.number().nullable(),
    involuntarySwitches: z.number().nullable(),
    environment: z.record(z.string(), z.unknown()),
    features: z.record(z.string(), z.number()),
    // Absent in a result written by a Varbench before measures: measured again from its artifacts.
    measures: z.record(z.string(), z.number()).default({}),
    message: z.string().nullable(),
    stdoutTail: z.string(),
    stderrTail: z.string(),
    artifacts: z.array(
      z.object({
        kind: z.string(),
        name: z.string(),
        path: z.string(),
        sha256: z.string(),
        sizeBytes: z.number(),
        mediaType: z.string(),
      }),
    ),
  }),
});

export const runDir = (sharedDir: string, runId: number) => join(sharedDir, "runs", String(runId));
export const TASK_FILE = "task.json";
export const RESULT_FILE = "result.json";
/** The blobs of the run's artifacts, laid out as in a workspace (artifacts/…), so the owner copies them as they are. */
export const BLOBS = "blobs";

export async function writeTask(sharedDir: string, task: RunTask): Promise<void> {
  const dir = runDir(sharedDir, task.run.id);
  await mkdir(dir, { recursive: true });
  await writeWhole(join(dir, TASK_FILE), JSON.stringify(task));
}

export async function readTask(sharedDir: string, runId: number): Promise<RunTask> {
  const file = join(runDir(sharedDir, runId), TASK_FILE);
  try {
    return JSON.parse(await readFile(file, "utf8")) as RunTask;
  } catch (e) {
    throw new Error(`cannot read the task of run ${runId} (${file}): ${(e as Error).message}`);
  }
}

export async function writeResult(sharedDir: string, runId: number, result: RunResult): Promise<void> {
  await writeWhole(join(runDir(sharedDir, runId), RESULT_FILE), JSON.stringify(result));
}

/** The run's result, null while there is none; a result that does not read is an error naming the file. */
export async function readResult(sharedDir: string, runId: number): Promise<RunResult | null> {
  const file = join(runDir(sharedDir, runId), RESULT_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  const parsed = resultSchema.safeParse(safeJson(text));
  if (!parsed.success) throw new Error(`the result of run ${runId} (${file}) is not a Varbench run result`);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Written beside, then renamed: a reader sees no file or the whole file (rename is atomic on one file system). */
async function writeWhole(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}
