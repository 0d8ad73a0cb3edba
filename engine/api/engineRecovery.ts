// A new engine in a process whose previous engine died (a worker over its heap
// budget, engineHost.ts). The runs that engine was running still say "running"
// under this process's pid, which is alive, so neither resume nor the campaign
// view would take them up: they are interrupted and queued again, as a dead
// runner's runs are when a campaign resumes (runCampaign.ts), their process
// groups killed, and every client told that the campaign stopped and why.
import type { ServiceContext } from "./serviceContext.js";
import { interruptOrphanedRuns, listCampaigns } from "../store/campaigns.js";
import { isAlive } from "../runner/liveness.js";
import { signalGroup } from "../runner/runProcess.js";
import { campaignInfoById } from "./campaignInfo.js";
import { requeuedText } from "./requeuedText.js";

export function recoverLostEngine(ctx: ServiceContext, why: string): void {
  const db = ctx.workspace().db;
  // This pid is alive but its old engine is not: its runs count as a dead runner's.
  const runnerAlive = (pid: number) => pid !== process.pid && isAlive(pid);
  for (const c of listCampaigns(db)) {
    if (c.runnerPid !== process.pid || (c.status !== "running" && c.status !== "cancelling")) continue;
    const stale = interruptOrphanedRuns(db, c.id, runnerAlive);
    for (const s of stale) if (s.pgid !== null) signalGroup(s.pgid, "SIGKILL");
    const info = campaignInfoById(ctx, c.id);
    const requeued = stale.map((s) => s.runId);
    const runs = requeued.length === 0 ? "" : ` ${capitalized(requeuedText(requeued))}.`;
    ctx.events.emit("campaignProgress", {
      campaignId: c.id,
      status: info.status,
      counts: info.counts,
      total: info.total,
      done: info.done,
      etaMs: null,
      run: null,
      message: `the campaign stopped: Varbench restarted its engine (${why}).${runs} Resume it to go on.`,
      ended: true,
      requeued,
    });
  }
}

function capitalized(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
