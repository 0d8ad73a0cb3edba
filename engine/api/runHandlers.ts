// Handlers of runs.*: the runs table, one run's details, a file imported (a
// trace as a run, benchmark results as a campaign), and the invocation times
// of one context read again from the trace.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import type { RunDetail } from "../campaign/readModels.js";
import type { Imported } from "./types.js";
import { importFile } from "./importFile.js";
import { ApiError } from "../errors/errors.js";
import { runDetails, runRow, runRows } from "../store/campaignQueries.js";
import { artifactsOf } from "../store/repositories.js";
import { runAttributes } from "../store/runAttributes.js";
import { contextDurations } from "../ingest/runTrace.js";
import { threadLabels } from "../cct/table.js";
import { requireThread } from "../analyses/steps/cct.js";
import { describeTraceWarning } from "../trace/diagnostics.js";
import { summarize } from "../stats/summary.js";
import { withBuildDir, type RunPlan } from "../campaign/runPlan.js";
import { buildDirOf } from "../runner/runCampaign.js";
import { runLocationCosts } from "./runLocationCosts.js";

type Some = Pick<
  Handlers,
  "runs.list" | "runs.get" | "runs.import" | "runs.contextDistribution" | "runs.locationCosts" | "runs.attributes"
>;

/** Seed of the bootstrap intervals of a context's distribution (fixed: same data, same view). */
const DISTRIBUTION_SEED = 1;
/** More invocation times than this are sent as evenly spaced order statistics
 * (a quantile sample keeps the shape of the distribution; the bootstrap over
 * all of millions of calls would take seconds). */
export const MAX_DISTRIBUTION_VALUES = 20_000;

function quantileSample(values: readonly number[]): number[] {
  if (values.length <= MAX_DISTRIBUTION_VALUES) return [...values];
  const sorted = Float64Array.from(values).sort();
  const step = (sorted.length - 1) / (MAX_DISTRIBUTION_VALUES - 1);
  return Array.from({ length: MAX_DISTRIBUTION_VALUES }, (_, i) => sorted[Math.round(i * step)]);
}

export function runHandlers(ctx: ServiceContext): Some {
  const db = () => ctx.workspace().db;
  const row = (runId: number) => {
    const r = runRow(db(), runId);
    if (!r) throw new ApiError("not-found", `run ${runId} does not exist`);
    return r;
  };
  /** A campaign's run's plan as it ran: `{build_dir}` is its design's build folder (an imported run has none). */
  const planAsRun = (plan: RunPlan, run: { campaignId: number | null; design: string | null }) =>
    run.campaignId !== null && run.design !== null
      ? withBuildDir(plan, buildDirOf(ctx.workspace(), run.campaignId, run.design))
      : plan;
  return {
    "runs.list": ({ campaignId, projectId }) => runRows(db(), campaignId, projectId),
    "runs.attributes": ({ campaignId, projectId }) => runAttributes(db(), campaignId, projectId),
    "runs.get": async ({ runId }): Promise<RunDetail> => {
      const run = row(runId);
      const d = runDetails(db(), runId) as Record<string, unknown> & {
        plan: RunPlan | null;
        environment: Record<string, unknown> | null;
        features: Record<string, number> | null;
      };
      const cct = run.hasCct ? await ctx.sources.storedCct(runId) : null;
      return {
        run,
        project: String(
          db()
            .prepare("SELECT p.name FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = ?")
            .pluck()
            .get(runId),
        ),
        createdAt: String(d.created_at),
        startedAt: (d.started_at as string | null) ?? null,
        finishedAt: (d.finished_at as string | null) ?? null,
        voluntarySwitches: (d.voluntary_switches as number | null) ?? null,
        involuntarySwitches: (d.involuntary_switches as number | null) ?? null,
        // As it ran: the design's build folder filled in where the plan says `{build_dir}` (the runner fills it
        // the same way just before the run, engine/runner/executeRun.ts).
        argv: d.plan ? planAsRun(d.plan, run).argv : null,
        environment: d.environment ?? {},
        features: d.features ?? {},
        stdoutTail: (d.stdout_tail as string | null) ?? null,
        stderrTail: (d.stderr_tail as string | null) ?? null,
        artifacts: artifactsOf(db(), runId).map((a) => ({
          id: a.id,
          kind: a.kind,
          name: a.name,
          sizeBytes: a.sizeBytes,
          sha256: a.sha256,
          mediaType: a.mediaType,
        })),
        threads: cct ? threadLabels(cct) : null,
        events: cct?.events ?? null,
        warnings: cct ? cct.warnings.map(describeTraceWarning) : [],
      };
    },
    "runs.import": async ({
      trace,
      project,
      workload,
      design,
      maxChildren,
      campaignName,
      version,
    }): Promise<Imported> => {
      if (!ctx.localFiles)
        throw new ApiError(
          "invalid-arguments",
          "files on disk (traces, benchmark results) can be imported only from the command line or the desktop window",
          [{ path: "trace", message: "no file paths here" }],
        );
      return importFile(ctx, { trace, project, workload, design, maxChildren, campaignName, version });
    },
    "runs.locationCosts": ({ runId }) => {
      row(runId);
      const finishedAt = db().prepare("SELECT finished_at FROM runs WHERE id = ?").pluck().get(runId) as string | null;
      return runLocationCosts(ctx.workspace(), runId, finishedAt);
    },
    "runs.contextDistribution": async ({ runId, path, thread }) => {
      const cct = row(runId).hasCct ? await ctx.sources.storedCct(runId) : null;
      if (!cct) throw new ApiError("not-found", `run ${runId} holds no calling-context tree (it was not traced)`);
      requireThread(cct, thread);
      const d = await contextDurations(ctx.workspace(), runId, path, thread);
      if (d.durationsNs.length === 0)
        throw new ApiError(
          "not-found",
          `run ${runId} has no invocation of ${path.join(" > ")}${thread ? ` in thread ${thread}` : ""}`,
        );
      const values = quantileSample(d.durationsNs);
      return {
        runId,
        path,
        threads: d.threads,
        invocations: d.durationsNs.length,
        durationsNs: values,
        summary: summarize(values, DISTRIBUTION_SEED),
      };
    },
  };
}
