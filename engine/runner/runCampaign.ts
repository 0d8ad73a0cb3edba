// Running (or resuming) a campaign from its queue: runs left by a dead runner
// are interrupted and queued again, their process groups killed; then
// `concurrency` workers claim queued runs in order until none is left. Cancel
// comes from the caller's signal or from `campaign cancel` (the campaign row).
import type { Workspace } from "../store/workspace.js";
import { cancelQueuedRuns, claimNextRun, getCampaign, interruptOrphanedRuns, runCounts, setCampaignStatus, type ClaimedRun } from "../store/campaigns.js";
import { executeRun } from "./executeRun.js";
import { signalGroup } from "./runProcess.js";

export type CampaignEvent =
  | { kind: "run-started"; run: ClaimedRun; counts: Record<string, number> }
  | { kind: "run-finished"; run: ClaimedRun; status: string; counts: Record<string, number> }
  | { kind: "interrupted-requeued"; runIds: readonly number[] };

/** How often a running campaign looks for a cancel from another process. */
const CANCEL_POLL_MS = 250;

export async function runCampaign(ws: Workspace, campaignId: number, onEvent: (e: CampaignEvent) => void = () => {}, signal?: AbortSignal): Promise<string> {
  const campaign = getCampaign(ws.db, campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} does not exist in ${ws.dir}`);
  if (campaign.status === "running" && campaign.runnerPid !== null && campaign.runnerPid !== process.pid && isAlive(campaign.runnerPid)) {
    throw new Error(`campaign ${campaignId} is being run by process ${campaign.runnerPid}`);
  }
  const stale = interruptOrphanedRuns(ws.db, campaignId, isAlive);
  for (const s of stale) if (s.pgid !== null) signalGroup(s.pgid, "SIGKILL"); // leftovers of the dead runner
  if (stale.length > 0) onEvent({ kind: "interrupted-requeued", runIds: stale.map((s) => s.runId) });
  setCampaignStatus(ws.db, campaignId, "running", process.pid);

  const abort = new AbortController();
  signal?.addEventListener("abort", () => abort.abort(), { once: true });
  const poll = setInterval(() => {
    if (getCampaign(ws.db, campaignId)?.status === "cancelling") abort.abort();
  }, CANCEL_POLL_MS);
  try {
    const worker = async () => {
      for (;;) {
        if (abort.signal.aborted) return;
        const run = claimNextRun(ws.db, campaignId, process.pid);
        if (!run) return;
        onEvent({ kind: "run-started", run, counts: runCounts(ws.db, campaignId) });
        const status = await executeRun(ws, run, campaign.spec.profiler, abort.signal);
        onEvent({ kind: "run-finished", run, status, counts: runCounts(ws.db, campaignId) });
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

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
