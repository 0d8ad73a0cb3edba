// A campaign as the API shows it: counts, progress and what can be done with
// it now (resume, cancel), judged from the runs and the runner's life; and
// its details with the wall-time distribution of each design × workload.
import { ANALYSES } from "../analyses/registry.js";
import { recordsAll } from "../cct/profilerRecords.js";
import type { ServiceContext } from "./serviceContext.js";
import type { CampaignDetail, CampaignInfo } from "../campaign/readModels.js";
import { getCampaign, listCampaigns, runCounts, type CampaignRow } from "../store/campaigns.js";
import { campaignWorkloads, runRows } from "../store/campaignQueries.js";
import {
  campaignMeasures,
  describeMeasure,
  fromTimingRuns,
  MEASURE_INFO,
  measureBasis,
  measureOf,
  type MeasureName,
} from "../campaign/measures.js";
import { isAlive } from "../runner/liveness.js";
import { summarize } from "../stats/summary.js";
import { ApiError } from "../errors/errors.js";

export function campaignInfo(ctx: ServiceContext, c: CampaignRow): CampaignInfo {
  const counts = runCounts(ctx.workspace().db, c.id);
  // An interrupted run always has a later attempt in the queue, so it is not counted again.
  const total = Object.entries(counts).reduce((n, [k, v]) => (k === "interrupted" ? n : n + v), 0);
  const open = (counts.queued ?? 0) + (counts.running ?? 0);
  const runningHere = ctx.running.has(c.id);
  const runningElsewhere =
    !runningHere &&
    (c.status === "running" || c.status === "cancelling") &&
    c.runnerPid !== null &&
    c.runnerPid !== process.pid &&
    isAlive(c.runnerPid);
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

/** The campaign with its measure's statistics per design × workload: the measure its profiler declares
 * (campaign/measures.ts), or `asked`, from the runs that measure comes from. */
export function campaignDetail(ctx: ServiceContext, id: number, asked: MeasureName | null = null): CampaignDetail {
  const c = campaignRow(ctx, id);
  const db = ctx.workspace().db;
  const paired = c.spec.timing !== undefined;
  const profiler = c.spec.profiler.name;
  const available = campaignMeasures(profiler, paired);
  const measure = asked ?? available.default;
  if (!available.available.includes(measure)) {
    throw new ApiError(
      "invalid-arguments",
      `${MEASURE_INFO[measure].title} is not recorded under ${profiler}: choose one of ${available.available.join(", ")}`,
      [{ path: "measure", message: `one of ${available.available.join(", ")}` }],
    );
  }
  const timing = fromTimingRuns(measure, paired);
  const runs = runRows(db, id).filter((r) => r.status === "succeeded" && !r.warmup && (r.role === "timing") === timing);
  const workloads = campaignWorkloads(db, id).map((w) => w.name);
  const groups = c.spec.designs.flatMap((d) =>
    workloads.map((w) => {
      const mine = runs.filter((r) => r.design === d.name && r.workload === w);
      const values = mine.flatMap((r) => {
        const v = measureOf(r, measure);
        return v === null ? [] : [v];
      });
      const nodes: Record<string, number> = {};
      for (const r of mine) if (r.node) nodes[r.node] = (nodes[r.node] ?? 0) + 1;
      return {
        design: d.name,
        workload: w,
        values,
        summary: values.length > 0 ? summarize(values, c.seed) : null,
        nodes,
      };
    }),
  );
  return {
    campaign: campaignInfo(ctx, c),
    designs: c.spec.designs.map((d) => d.name),
    workloads,
    measure: describeMeasure(measure, profiler, paired),
    measures: available.available.map((m) => describeMeasure(m, profiler, paired)),
    basis: measureBasis(profiler, measure, paired),
    paired,
    repetitions: c.spec.repetitions,
    warmups: c.spec.warmups,
    groups,
    analyses: Object.values(ANALYSES).flatMap((d) => (recordsAll(profiler, d.reads) ? [d.kind] : [])),
  };
}
