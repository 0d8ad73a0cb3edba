// history.project (issue 33): a project's series over the versions its campaigns measured, with their
// change points (engine/history), read from the store: each campaign's version, each run's measure and
// environment; versions put in commit order where git knows their commits.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "../errors/errors.js";
import { listCampaigns } from "../store/campaigns.js";
import { runRows } from "../store/campaignQueries.js";
import { campaignVersion, projectIdByName, runEnvironments } from "../store/campaignVersions.js";
import { commitOrder } from "../runner/programVersion.js";
import { orderVersions } from "../history/versions.js";
import { environmentFields } from "../history/environment.js";
import { environmentKey, type HistoryObservation } from "../history/series.js";
import { analyzeHistory } from "../history/history.js";
import {
  campaignMeasures,
  describeMeasure,
  fromTimingRuns,
  measureOf,
  type MeasureInfo,
  type MeasureName,
} from "../campaign/measures.js";
import { METHODS, type ParsedArgsOf } from "./contract.js";
import { validated } from "./dispatch.js";
import { exportFile } from "../report/exporter.js";
import { HISTORY_EXPORTERS } from "./historyExports.js";
import type { HistoryReport } from "./types.js";
import { explainChanges, type SeriesRun } from "./historyExplain.js";

export function historyHandlers(ctx: ServiceContext): Pick<Handlers, "history.project" | "history.export"> {
  const project = async (args: ParsedArgsOf<"history.project">): Promise<HistoryReport> => {
    const { report, runs } = projectHistory(ctx, args);
    return { ...report, explanations: await explainChanges(ctx, report, runs) };
  };
  return {
    "history.project": project,
    "history.export": async ({ args, format }) => {
      const parsed = validated(
        "history.project",
        METHODS["history.project"].args,
        args,
      ) as ParsedArgsOf<"history.project">;
      return exportFile(HISTORY_EXPORTERS[format], await project(parsed), undefined, historyFileName(parsed));
    },
  };
}

/** Named for what it holds: "history-versions", "history-versions-O0-regressed-calls". */
function historyFileName(a: ParsedArgsOf<"history.project">): string {
  return ["history", a.project, a.design, a.workload, a.metric]
    .filter((x) => x)
    .join("-")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, 160);
}

function projectHistory(
  ctx: ServiceContext,
  args: ParsedArgsOf<"history.project">,
): { report: Omit<HistoryReport, "explanations">; runs: SeriesRun[] } {
  const db = ctx.workspace().db;
  const projectId = projectIdByName(db, args.project);
  if (projectId === null) throw new ApiError("not-found", `no project named ${args.project} in this workspace`);
  const campaigns = listCampaigns(db).filter((c) => c.projectId === projectId);
  const stored = campaigns.map((c) => ({ c, v: campaignVersion(db, c.id) }));
  const commits = stored.flatMap(({ v }) => (v?.commit ? [v.commit] : []));
  // Git is asked where the newest campaign with a commit was planned (its spec's folder).
  const repo = [...stored].reverse().find(({ c, v }) => v?.commit && c.specDir)?.c.specDir ?? null;
  const ordered = orderVersions(
    stored.map(({ c, v }) => ({
      campaignId: c.id,
      campaignName: c.name,
      label: v?.label ?? null,
      commit: v?.commit ?? null,
      dirty: v?.dirty ?? null,
    })),
    repo === null ? new Map() : commitOrder(repo, commits),
  );
  const environments = runEnvironments(db, projectId);
  const measures = new Map<MeasureName, MeasureInfo>();
  const notes: string[] = [];
  const observations: HistoryObservation[] = [];
  const seriesRuns: SeriesRun[] = [];
  for (const c of campaigns) {
    const paired = c.spec.timing !== undefined;
    const profiler = c.spec.profiler.name;
    const available = campaignMeasures(profiler, paired);
    const metric = args.metric ?? available.default;
    if (!available.available.includes(metric)) {
      notes.push(`campaign ${c.id} (${c.name}) under ${profiler} does not record ${metric}: left out`);
      continue;
    }
    if (!measures.has(metric)) measures.set(metric, describeMeasure(metric, profiler, paired));
    const timing = fromTimingRuns(metric, paired);
    const version = ordered.versionOf.get(c.id)!;
    for (const r of runRows(db, c.id)) {
      if (r.warmup || (r.status !== "succeeded" && r.status !== "imported") || (r.role === "timing") !== timing)
        continue;
      if (r.design === null || r.workload === null) continue;
      if ((args.design && r.design !== args.design) || (args.workload && r.workload !== args.workload)) continue;
      const value = measureOf(r, metric);
      if (value === null) continue;
      const environment = environmentKey(environmentFields(environments.get(r.id)));
      observations.push({ version, design: r.design, workload: r.workload, metric, environment, value });
      seriesRuns.push({ run: r, version, environment });
    }
  }
  observations.sort((a, b) => cmp(a.design, b.design) || cmp(a.workload, b.workload) || a.version - b.version);
  const result = analyzeHistory(
    { versions: ordered.versions, observations },
    { fdr: args.fdr, minSegment: args.minSegment, minMagnitude: args.minMagnitude },
  );
  return {
    report: {
      project: args.project,
      order: ordered.order,
      campaigns: ordered.versions.map((v) => v.campaigns),
      measures: [...measures.values()],
      notes,
      ...result,
    },
    runs: seriesRuns,
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
