// Running (or resuming) a campaign from its queue: runs left by a dead runner
// are interrupted and queued again, their process groups killed; then
// `concurrency` workers claim queued runs in order until none is left. Cancel
// comes from the caller's signal or from `campaign cancel` (the campaign row).
import type { Workspace } from "../store/workspace.js";
import {
  cancelQueuedRuns,
  claimNextRun,
  finishRun,
  takeCampaign,
  failQueuedRunsOfDesign,
  getCampaign,
  interruptOrphanedRuns,
  queuedDesigns,
  queuedPrograms,
  failQueuedRunsOfProgram,
  runCounts,
  setCampaignStatus,
  type ClaimedRun,
} from "../store/campaigns.js";
import { executeRun } from "./executeRun.js";
import { runProcess, signalGroup } from "./runProcess.js";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { withBuildDir } from "../campaign/runPlan.js";
import { isAlive } from "./liveness.js";
import { missingMessage, profilerAvailability } from "./profilers/availability.js";
import { removeDeadRunFolders } from "./leftovers.js";
import { ensureUftraceCalibration } from "./calibrate.js";
import { PROFILERS } from "./profilers/index.js";
import type { CampaignSpec } from "../campaign/spec.js";

/** Counts by run status, and the estimated time left (null until a run has finished). */
export interface CampaignProgress {
  readonly counts: Record<string, number>;
  readonly etaMs: number | null;
}

export type CampaignEvent =
  | ({ kind: "run-started"; run: ClaimedRun } & CampaignProgress)
  | ({ kind: "run-finished"; run: ClaimedRun; status: string } & CampaignProgress)
  | { kind: "interrupted-requeued"; runIds: readonly number[] }
  /** Something the person following should read (a Slurm campaign's queue). */
  | { kind: "note"; message: string };

/** How often a running campaign looks for a cancel from another process. */
const CANCEL_POLL_MS = 250;

export async function runCampaign(
  ws: Workspace,
  campaignId: number,
  onEvent: (e: CampaignEvent) => void = () => {},
  signal?: AbortSignal,
): Promise<string> {
  const campaign = getCampaign(ws.db, campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} does not exist in ${ws.dir}`);
  if (
    campaign.status === "running" &&
    campaign.runnerPid !== null &&
    campaign.runnerPid !== process.pid &&
    isAlive(campaign.runnerPid)
  ) {
    throw new Error(`campaign ${campaignId} is being run by process ${campaign.runnerPid}`);
  }
  const { executor } = campaign.spec;
  // Campaigns planned before executors existed have none in their stored spec: they ran here.
  if (executor?.kind === "slurm")
    return (await import("./slurm/slurmRunner.js")).runOnSlurm(
      ws,
      campaignId,
      { ...campaign.spec, executor },
      (dirOf) => buildDesigns(ws, campaignId, dirOf),
      onEvent,
      signal,
    );
  // Every run would fail the same way: said once, before any is taken, and the queue kept for a resume.
  const tools = profilerAvailability(campaign.spec.profiler.name);
  if (tools.missing.length > 0) throw new Error(missingMessage(tools));
  const stale = interruptOrphanedRuns(ws.db, campaignId, isAlive);
  for (const s of stale) if (s.pgid !== null) signalGroup(s.pgid, "SIGKILL"); // leftovers of the dead runner
  await removeDeadRunFolders(ws.dir);
  if (stale.length > 0) onEvent({ kind: "interrupted-requeued", runIds: stale.map((s) => s.runId) });
  if (takeCampaign(ws.db, campaignId, process.pid) === "cancel-pending") {
    cancelQueuedRuns(ws.db, campaignId);
    setCampaignStatus(ws.db, campaignId, "cancelled", null);
    return "cancelled";
  }

  await buildDesigns(ws, campaignId);
  await refuseUnwatchable(ws, campaignId, campaign.spec.profiler, onEvent);
  // Once per machine, uftrace version and options: what the tracer adds to each call it records.
  if (campaign.spec.profiler.name === "uftrace")
    await ensureUftraceCalibration(ws, campaign.spec.profiler.options, (message) => onEvent({ kind: "note", message }));
  const abort = new AbortController();
  signal?.addEventListener("abort", () => abort.abort(), { once: true });
  if (signal?.aborted) abort.abort(); // cancelled while the designs were being built
  const poll = setInterval(() => {
    if (getCampaign(ws.db, campaignId)?.status === "cancelling") abort.abort();
  }, CANCEL_POLL_MS);
  const started = performance.now();
  let finishedHere = 0;
  // Time left: this runner's mean time per finished run, times the runs left, over the workers.
  const progress = (): CampaignProgress => {
    const counts = runCounts(ws.db, campaignId);
    const left = (counts.queued ?? 0) + (counts.running ?? 0);
    const perRun = finishedHere > 0 ? (performance.now() - started) / finishedHere : null;
    return {
      counts,
      etaMs: perRun === null ? null : (perRun * left) / Math.min(campaign.spec.concurrency, Math.max(1, left)),
    };
  };
  try {
    const worker = async () => {
      for (;;) {
        if (abort.signal.aborted) return;
        const run = claimNextRun(ws.db, campaignId, process.pid);
        if (!run) return;
        onEvent({ kind: "run-started", run, ...progress() });
        const status = await executeRun(
          ws,
          run,
          campaign.spec.profiler,
          buildDirOf(ws, campaignId, run.design),
          abort.signal,
        ).catch((e: unknown) => failRun(ws, run.id, e));
        finishedHere++;
        onEvent({ kind: "run-finished", run, status, ...progress() });
      }
    };
    await Promise.all(Array.from({ length: campaign.spec.concurrency }, worker));
  } finally {
    clearInterval(poll);
  }
  const cancelled = abort.signal.aborted;
  if (cancelled) cancelQueuedRuns(ws.db, campaignId);
  const final = cancelled ? "cancelled" : "finished";
  setCampaignStatus(ws.db, campaignId, final, null);
  return final;
}

/** A run the runner itself could not carry through (its artifacts unreadable, a disk full…) is recorded
 * as failed with the reason, and the campaign goes on: one run's failure never wedges the others. */
function failRun(ws: Workspace, runId: number, e: unknown): "failed" {
  const message = `the runner failed on this run: ${e instanceof Error ? e.message : String(e)}`;
  finishRun(ws.db, runId, {
    status: "failed",
    exitCode: null,
    signal: null,
    wallNs: null,
    userNs: null,
    sysNs: null,
    peakRssKb: null,
    voluntarySwitches: null,
    involuntarySwitches: null,
    environment: {},
    features: {},
    measures: {},
    message,
    stdoutTail: "",
    stderrTail: "",
    artifacts: [],
  });
  return "failed";
}

/** A program the profiler cannot watch (uftrace and a build without -pg) would fail every run the same
 * way: its runs fail at once with the reason, said once, and the others go on. */
async function refuseUnwatchable(
  ws: Workspace,
  campaignId: number,
  profiler: CampaignSpec["profiler"],
  onEvent: (e: CampaignEvent) => void,
): Promise<void> {
  const check = PROFILERS[profiler.name]?.cannotWatch;
  if (!check) return;
  for (const { design, plan } of queuedPrograms(ws.db, campaignId)) {
    const filled = withBuildDir(plan, buildDirOf(ws, campaignId, design));
    const why = await check(filled.argv[0]!, filled.cwd, profiler.options);
    if (why === null) continue;
    const n = failQueuedRunsOfProgram(ws.db, campaignId, design, plan.argv[0]!, why);
    onEvent({
      kind: "note",
      message: `design ${design}: ${why}. Its ${n} run${n === 1 ? "" : "s"} failed without starting.`,
    });
  }
}

/** Where a design of a campaign is built (its `{build_dir}`). */
export function buildDirOf(ws: Workspace, campaignId: number, design: string): string {
  return join(ws.dir, "builds", `campaign-${campaignId}`, design);
}

/** The marker written once a design's build succeeded, so a resume does not build again. */
const BUILT_MARKER = ".varbench-built";

/** Runs each design's build command once, in its own folder, before any of its runs. */
async function buildDesigns(
  ws: Workspace,
  campaignId: number,
  dirOf = (design: string) => buildDirOf(ws, campaignId, design),
): Promise<void> {
  for (const { design, build } of queuedDesigns(ws.db, campaignId)) {
    const dir = dirOf(design);
    await mkdir(dir, { recursive: true });
    if (!build || existsSync(join(dir, BUILT_MARKER))) continue;
    const argv = withBuildDir({ argv: build, cwd: dir, env: {}, timeoutMs: BUILD_TIMEOUT_MS }, dir).argv;
    const r = await runProcess({
      argv,
      cwd: dir,
      env: process.env as Record<string, string>,
      timeoutMs: BUILD_TIMEOUT_MS,
      stdoutFile: join(dir, "build.out"),
      stderrFile: join(dir, "build.err"),
    });
    if (r.outcome.kind === "exited" && r.outcome.code === 0) {
      await writeFile(join(dir, BUILT_MARKER), new Date().toISOString());
      continue;
    }
    const why =
      r.outcome.kind === "exited"
        ? `exited with code ${r.outcome.code}`
        : r.outcome.kind === "exec-failed"
          ? r.outcome.message
          : r.outcome.kind;
    const tail = r.stderrTail.trim().split("\n").slice(-3).join(" | ");
    failQueuedRunsOfDesign(
      ws.db,
      campaignId,
      design,
      `build of design ${design} failed (${argv.join(" ")}: ${why})${tail ? `: ${tail}` : ""}`,
    );
  }
}

/** A design's build may take long; it is still bounded. */
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;
