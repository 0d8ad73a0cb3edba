// A campaign as the API shows it: counts, progress and what can be done with
// it now (resume, cancel), judged from the runs and the runner's life; and
// its details with the wall-time distribution of each design × workload.
import type { ServiceContext } from "./serviceContext.js";
import type { CampaignDetail, CampaignInfo } from "../campaign/readModels.js";
import { getCampaign, listCampaigns, runCounts, type CampaignRow } from "../store/campaigns.js";
import { campaignWallTimes } from "../store/campaignQueries.js";
import { isAlive } from "../runner/liveness.js";
import { summarize } from "../stats/summary.js";
import { ApiError } from "./errors.js";

export function campaignInfo(ctx: ServiceContext, c: CampaignRow): CampaignInfo {
  const counts = runCounts(ctx.workspace().db, c.id);
  // An interrupted run always has a later attempt in the queue, so it is not counted again.
  const total = Object.entries(counts).reduce((n, [k, v]) => (k === "interrupted" ? n : n + v), 0);
  const open = (counts.queued ?? 0) + (counts.running ?? 0);
  const runningHere = ctx.running.has(c.id);
  const runningElsewhere = !runningHere && (c.status === "running" || c.status === "cancelling") && c.runnerPid !== null && c.runnerPid !== process.pid && isAlive(c.runnerPid);
  const busy = runningHere || runningElsewhere;
  return {
    id: c.id,
    projectId: c.projectId,
    project: c.project,
    name: c.name,
    status: c.status,
    profiler: c.spec.profiler.name,
    seed: c.seed,
    createdAt: c.createdAt,
    finishedAt: c.finishedAt,
    runnerPid: runningHere ? process.pid : runningElsewhere ? c.runnerPid : null,
    counts,
    total,
    done: total - open,
    canResume: !busy && (open > 0 || (counts.cancelled ?? 0) > 0),
    canCancel: busy || (counts.queued ?? 0) > 0,
  };
}

export function campaignRow(ctx: ServiceContext, id: number): CampaignRow {
  const c = getCampaign(ctx.workspace().db, id);
  if (!c) throw new ApiError("not-found", `campaign ${id} does not exist`);
  return c;
}

export function campaignInfoById(ctx: ServiceContext, id: number): CampaignInfo {
  return campaignInfo(ctx, campaignRow(ctx, id));
}

/** Newest first. */
export function campaignInfos(ctx: ServiceContext, projectId?: number): CampaignInfo[] {
  return listCampaigns(ctx.workspace().db)
    .filter((c) => projectId === undefined || c.projectId === projectId)
    .reverse()
    .map((c) => campaignInfo(ctx, c));
}

export function campaignDetail(ctx: ServiceContext, id: number): CampaignDetail {
  const c = campaignRow(ctx, id);
  return {
    campaign: campaignInfo(ctx, c),
    designs: c.spec.designs.map((d) => d.name),
    workloads: c.spec.workloads.map((w) => w.name),
    repetitions: c.spec.repetitions,
    warmups: c.spec.warmups,
    groups: campaignWallTimes(ctx.workspace().db, id).map((g) => ({ design: g.design, workload: g.workload, wallNs: g.values, summary: g.values.length > 0 ? summarize(g.values, c.seed) : null, nodes: g.nodes })),
  };
}
