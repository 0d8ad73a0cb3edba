// A campaign run through Slurm: the owner (this process, beside the
// workspace's database) claims the queued runs, writes each one's task to the
// shared folder, submits them as job arrays, and imports each result as it
// lands; the nodes only ever see the shared folder. The owner can die and be
// resumed: the runs it had submitted are looked up in Slurm's queue and in the
// shared folder, so none is lost or run twice.
import { cp, mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Workspace } from "../../store/workspace.js";
import {
  adoptRuns,
  cancelQueuedRuns,
  claimNextRun,
  finishRun,
  getCampaign,
  interruptOrphanedRuns,
  noteRunningRun,
  runningRuns,
  setCampaignStatus,
  takeCampaign,
  type ClaimedRun,
  type RunOutcome,
} from "../../store/campaigns.js";
import { isAlive } from "../liveness.js";
import {
  batchScript,
  MAX_ARRAY_TASKS,
  RUN_LIST,
  runList,
  SCRIPT,
  sbatchArgs,
  type SlurmOptions,
} from "./batchScript.js";
import {
  parseSacct,
  parseScontrolJobs,
  parseSqueue,
  run,
  slurm,
  SQUEUE_FORMAT,
  type EndedTask,
  type QueuedTask,
} from "./slurmCommands.js";
import { BLOBS, readResult, runDir, writeTask, type RunResult } from "./taskFiles.js";

export interface SlurmExecutor extends SlurmOptions {
  /** Seen by the owner and every node at the same path. */
  readonly sharedDir: string;
  /** How a node starts Varbench: [node, varbench.js]. */
  readonly varbench: readonly string[];
  /** The environment Slurm's commands run with (SLURM_CONF…). */
  readonly env: NodeJS.ProcessEnv;
  /** Between two looks at the queue and the shared folder. */
  readonly pollMs: number;
}

/** What the owner tells its caller as the campaign goes: the same events as a local campaign, and the queue. */
export type SlurmEvent =
  | { kind: "run-started"; run: ClaimedRun; node: string }
  | { kind: "run-finished"; run: ClaimedRun; status: string; node: string }
  | { kind: "interrupted-requeued"; runIds: readonly number[] }
  | { kind: "queue"; pending: number; running: number; reasons: readonly string[] };

/** Where each submitted run went: runId → "arrayJob_task". */
type Submitted = Record<string, string>;
const SUBMITTED = "submitted.json";

/** A task that left the queue is looked for this many more times before its result is taken as missing
 * (a result written on a node reaches the owner through the shared file system, which may lag). */
const LOOKS_AFTER_QUEUE = 3;
/** What is kept of Slurm's own output of a task that left no result. */
const OUTPUT_TAIL = 4000;

export async function runSlurmCampaign(
  ws: Workspace,
  campaignId: number,
  x: SlurmExecutor,
  onEvent: (e: SlurmEvent) => void,
  signal?: AbortSignal,
): Promise<string> {
  const campaign = getCampaign(ws.db, campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} does not exist in ${ws.dir}`);
  const shared = join(x.sharedDir, `campaign-${campaignId}`);
  await mkdir(shared, { recursive: true });
  const submitted = await readSubmitted(shared);
  // Runs a dead owner had submitted are this owner's now; runs it had claimed but not submitted run again.
  const inFlight = runningRuns(ws.db, campaignId);
  adoptRuns(
    ws.db,
    inFlight.filter((r) => submitted[r.id] !== undefined).map((r) => r.id),
    process.pid,
  );
  const stale = interruptOrphanedRuns(ws.db, campaignId, isAlive);
  if (stale.length > 0) onEvent({ kind: "interrupted-requeued", runIds: stale.map((s) => s.runId) });
  if (takeCampaign(ws.db, campaignId, process.pid) === "cancel-pending") {
    await cancelJobs(submitted, x);
    cancelQueuedRuns(ws.db, campaignId);
    setCampaignStatus(ws.db, campaignId, "cancelled", null);
    return "cancelled";
  }

  // Every queued run is claimed and submitted at once: Slurm, not the owner, decides what runs when.
  const claimed: ClaimedRun[] = [];
  for (let r = claimNextRun(ws.db, campaignId, process.pid); r; r = claimNextRun(ws.db, campaignId, process.pid))
    claimed.push(r);
  for (const r of claimed)
    await writeTask(x.sharedDir, {
      campaignId,
      spec: campaign.spec,
      specDir: campaign.specDir ?? ws.dir,
      run: r,
      buildDir: join(x.sharedDir, "builds", `campaign-${campaignId}`, r.design),
    });
  for (let at = 0; at < claimed.length; at += MAX_ARRAY_TASKS) {
    const part = claimed.slice(at, at + MAX_ARRAY_TASKS);
    const jobId = await submitArray(shared, `${Object.keys(submitted).length}`, part, campaignId, x);
    part.forEach((r, i) => (submitted[r.id] = `${jobId}_${i}`));
    await writeSubmitted(shared, submitted);
  }

  const watched = new Map(runningRuns(ws.db, campaignId).map((r) => [r.id, r]));
  const started = new Set<number>();
  /** A run is "running" from its submission: while its task waits, its message says so, and why. */
  const waiting = new Map<number, string>();
  const gone = new Map<number, number>();
  let cancelled = signal?.aborted ?? false;
  const cancel = () => (cancelled = true);
  signal?.addEventListener("abort", cancel, { once: true });
  let cancelSent = false;
  try {
    while (watched.size > 0) {
      if (!cancelled && getCampaign(ws.db, campaignId)?.status === "cancelling") cancelled = true;
      if (cancelled && !cancelSent) {
        await cancelJobs(Object.fromEntries([...watched.keys()].map((id) => [id, submitted[id]])), x);
        cancelSent = true;
      }
      const queue = await queued(submitted, watched, x);
      onEvent({
        kind: "queue",
        pending: [...queue.values()].filter((q) => q.state === "PENDING").length,
        running: [...queue.values()].filter((q) => q.state !== "PENDING").length,
        reasons: [...new Set([...queue.values()].filter((q) => q.state === "PENDING").map((q) => q.reason))],
      });
      for (const [id, r] of watched) {
        const q = queue.get(id);
        const wait = q?.state === "PENDING" ? `waiting in the Slurm queue (${q.reason})` : undefined;
        if (wait !== waiting.get(id)) {
          noteRunningRun(ws.db, id, wait ?? null);
          if (wait === undefined) waiting.delete(id);
          else waiting.set(id, wait);
        }
        if (q && q.state !== "PENDING" && !started.has(id)) {
          started.add(id);
          onEvent({ kind: "run-started", run: r, node: q.node });
        }
        if (q) continue; // waiting or running: a result is taken once the task has left the queue
        const result = await readResult(x.sharedDir, id).catch((e: Error) => e);
        if (result === null) {
          // Out of the queue without a result yet: look again a few times before asking how it ended.
          const looks = (gone.get(id) ?? 0) + 1;
          gone.set(id, looks);
          if (looks <= LOOKS_AFTER_QUEUE) continue;
        }
        const ended = await endedTask(submitted[id], x);
        const status = await importRun(ws, x, id, submitted[id], result, ended, shared, cancelSent);
        watched.delete(id);
        onEvent({
          kind: "run-finished",
          run: r,
          status,
          node: result && !(result instanceof Error) ? result.node : (ended?.node ?? ""),
        });
      }
      if (watched.size > 0) await new Promise((r) => setTimeout(r, x.pollMs));
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
  if (cancelled) cancelQueuedRuns(ws.db, campaignId);
  const final = cancelled ? "cancelled" : "finished";
  setCampaignStatus(ws.db, campaignId, final, null);
  return final;
}

async function submitArray(
  shared: string,
  name: string,
  runs: readonly ClaimedRun[],
  campaignId: number,
  x: SlurmExecutor,
): Promise<string> {
  const dir = join(shared, `array-${name}`);
  await mkdir(dir, { recursive: true });
  const batch = {
    dir,
    runIds: runs.map((r) => r.id),
    varbench: x.varbench,
    sharedDir: x.sharedDir,
    jobName: `varbench-c${campaignId}`,
  };
  await writeFile(join(dir, RUN_LIST), runList(batch.runIds));
  await writeFile(join(dir, SCRIPT), batchScript(batch), { mode: 0o755 });
  const out = await slurm("sbatch", sbatchArgs(batch, x), x.env);
  // --parsable: "jobid" or "jobid;cluster".
  const jobId = out.trim().split(";")[0];
  if (!/^\d+$/.test(jobId)) throw new Error(`sbatch answered "${out.trim()}", not a job id`);
  return jobId;
}

/** The watched runs still in Slurm's queue, by run id. */
async function queued(
  submitted: Submitted,
  watched: ReadonlyMap<number, ClaimedRun>,
  x: SlurmExecutor,
): Promise<Map<number, QueuedTask>> {
  const jobs = [...new Set([...watched.keys()].map((id) => submitted[id]?.split("_")[0]).filter(Boolean))];
  const out = new Map<number, QueuedTask>();
  if (jobs.length === 0) return out;
  const text = await slurm("squeue", ["-h", "-r", "-j", jobs.join(","), "-o", SQUEUE_FORMAT], x.env).catch(
    (e: Error) => {
      // squeue refuses job ids it has forgotten ("Invalid job id specified"): none of them is queued.
      if (/Invalid job id/i.test(e.message)) return "";
      throw e;
    },
  );
  const byTask = new Map(parseSqueue(text).map((t) => [`${t.jobId}_${t.task}`, t]));
  for (const id of watched.keys()) {
    const t = byTask.get(submitted[id]);
    if (t) out.set(id, t);
  }
  return out;
}

/** How a task ended: scontrol while Slurm remembers it, else sacct where accounting is kept; null when neither knows. */
async function endedTask(task: string | undefined, x: SlurmExecutor): Promise<EndedTask | null> {
  if (!task) return null;
  const [jobId, index] = task.split("_");
  const fromScontrol = await run("scontrol", ["show", "job", "-o", jobId], x.env).catch(() => null);
  const known =
    fromScontrol?.code === 0 ? parseScontrolJobs(fromScontrol.stdout).find((t) => t.task === Number(index)) : undefined;
  if (known) return known;
  const fromSacct = await run("sacct", ["-n", "-P", "-X", "-j", jobId, "-o", "JobID,State,NodeList"], x.env).catch(
    () => null,
  );
  return (
    (fromSacct?.code === 0 ? parseSacct(fromSacct.stdout).find((t) => t.task === Number(index)) : undefined) ?? null
  );
}

/** Records the run from its result (its blobs copied into the workspace first), or from how Slurm says it ended. */
async function importRun(
  ws: Workspace,
  x: SlurmExecutor,
  runId: number,
  task: string | undefined,
  result: RunResult | Error | null,
  ended: EndedTask | null,
  shared: string,
  cancelled: boolean,
): Promise<string> {
  const limit = `Slurm stopped the task at its time limit (${x.timeLimitMinutes} min)`;
  if (result && !(result instanceof Error)) {
    const blobs = join(runDir(x.sharedDir, runId), BLOBS, "artifacts");
    if (existsSync(blobs)) await cp(blobs, join(ws.dir, "artifacts"), { recursive: true, force: false });
    // Slurm stops a task by SIGTERM to all its processes, the workload's too, which then reads as a run that
    // failed or cancelled itself: how Slurm says the task ended decides (a time limit, or a scancel: the
    // owner's when the campaign was cancelled, else someone else's).
    const stopped = ended?.state === "CANCELLED" || (cancelled && result.outcome.signal !== null);
    const outcome: RunOutcome =
      ended?.state === "TIMEOUT"
        ? { ...result.outcome, status: "timed-out", message: limit }
        : stopped
          ? {
              ...result.outcome,
              status: "cancelled",
              message: cancelled
                ? "the campaign was cancelled while this run was in progress"
                : cancelledOutside(task, ended, "in progress"),
            }
          : result.outcome;
    finishRun(ws.db, runId, outcome);
    return outcome.status;
  }
  const state = ended?.state ?? "unknown to Slurm";
  // Cancelled tasks that never started may be forgotten by scontrol at once: the owner knows it cancelled them.
  const status: RunOutcome["status"] =
    state === "TIMEOUT"
      ? "timed-out"
      : state === "CANCELLED" || (cancelled && !(result instanceof Error))
        ? "cancelled"
        : "failed";
  const why =
    result instanceof Error
      ? result.message
      : `the Slurm task ${task ?? "(never submitted)"} ended ${state}${ended?.node ? ` on ${ended.node}` : ""} without writing its result`;
  const output = await slurmOutput(shared, task);
  finishRun(ws.db, runId, {
    status,
    message:
      status === "timed-out"
        ? limit
        : status === "cancelled"
          ? cancelled
            ? "the campaign was cancelled while this run was queued or in progress"
            : cancelledOutside(task, ended, "queued or in progress")
          : why,
    exitCode: null,
    signal: null,
    wallNs: null,
    userNs: null,
    sysNs: null,
    peakRssKb: null,
    voluntarySwitches: null,
    involuntarySwitches: null,
    environment: { slurm: { node: ended?.node ?? "", slurmJobId: task ?? "" } },
    features: {},
    measures: {},
    stdoutTail: "",
    stderrTail: output,
    artifacts: [],
  });
  return status;
}

/** A task Slurm cancelled though the campaign was not (a scancel of its own, an administrator's, a
 * node's failure that Slurm reports so): said as such, never as the campaign's cancel. */
function cancelledOutside(task: string | undefined, ended: EndedTask | null, when: string): string {
  return `Slurm cancelled task ${task ?? "?"}${ended?.node ? ` on ${ended.node}` : ""} while this run was ${when}, from outside this campaign (scancel, or the cluster's administrators); the campaign went on`;
}

/** The end of what Slurm wrote for the task (its --output, slurm-<job>_<task>.out in its array's folder). */
async function slurmOutput(shared: string, task: string | undefined): Promise<string> {
  if (!task) return "";
  for (const dir of (await readdir(shared)).filter((n) => n.startsWith("array-"))) {
    const text = await readFile(join(shared, dir, `slurm-${task}.out`), "utf8").catch(() => null);
    if (text !== null) return text.slice(-OUTPUT_TAIL);
  }
  return "";
}

async function cancelJobs(submitted: Submitted, x: SlurmExecutor): Promise<void> {
  const tasks = Object.values(submitted).filter(Boolean);
  if (tasks.length === 0) return;
  await run("scancel", tasks, x.env);
}

async function readSubmitted(shared: string): Promise<Submitted> {
  const text = await readFile(join(shared, SUBMITTED), "utf8").catch(() => "{}");
  return JSON.parse(text) as Submitted;
}

async function writeSubmitted(shared: string, s: Submitted): Promise<void> {
  const tmp = join(shared, `${SUBMITTED}.tmp`);
  await writeFile(tmp, JSON.stringify(s));
  await rename(tmp, join(shared, SUBMITTED));
}
