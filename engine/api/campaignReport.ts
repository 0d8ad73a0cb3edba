// Gathers what a campaign's report rests on: the campaign's wall times and,
// for two designs, the comparison of their runs and every analysis whose
// reads (its descriptor's) the campaign's profiler records (execution patterns,
// dominant variance, trends, phases), each through runAnalysis so the cache and
// progress events are the workbench's. One that does not apply is a note saying why.
import type * as z from "zod";
import { ApiError } from "../errors/errors.js";
import type { ServiceContext } from "./serviceContext.js";
import { campaignDetail } from "./campaignInfo.js";
import { ANALYSES } from "../analyses/registry.js";
import { runAnalysis } from "../analyses/runAnalysis.js";
import type { AnalysisDescriptor, ResultOf } from "../analyses/descriptor.js";
import { runDetails, runRows } from "../store/campaignQueries.js";
import { buildCampaignReport, type DesignInputs } from "../report/campaignReport/build.js";
import type { CampaignReport } from "../report/campaignReport/model.js";
import type { WorkloadPatterns } from "../report/campaignReport/analysisSections.js";
import { VARBENCH_VERSION } from "../report/version.js";
import { shellCommand } from "../format/text.js";
import type { RunRow } from "../campaign/readModels.js";
import type { MeasureName } from "../campaign/measures.js";
import { missingRecording, recordedBy, recordsAll, RECORDING_WORDS } from "../cct/profilerRecords.js";

export interface ReportRequest {
  readonly campaignId: number;
  /** The measure compared; null or absent: the one the campaign's profiler declares. */
  readonly measure?: MeasureName | null | undefined;
  readonly designs?: readonly [string, string] | undefined;
  readonly workload?: string | undefined;
  /** The format asked for, for the command that makes the report again. */
  readonly format: string;
}

type Kind = keyof typeof ANALYSES;

/** Whether the campaign's profiler records what the analysis reads (its descriptor's `reads`). */
const feeds = (profiler: string, kind: Kind) => recordsAll(profiler, ANALYSES[kind].reads);

/** Why the analysis does not apply: "calling-context trees, which gcov runs do not record (uftrace runs do)". */
function unrecorded(profiler: string, kind: Kind): string {
  const r = missingRecording(profiler, ANALYSES[kind].reads) ?? ANALYSES[kind].reads[0];
  return `${RECORDING_WORDS[r]}, which ${profiler} runs do not record (${recordedBy(r)} runs do)`;
}

export async function campaignReport(ctx: ServiceContext, req: ReportRequest): Promise<CampaignReport> {
  const detail = campaignDetail(ctx, req.campaignId, req.measure ?? null);
  const c = detail.campaign;
  const designs =
    req.designs ?? (detail.designs.length === 2 ? ([detail.designs[0], detail.designs[1]] as const) : null);
  for (const d of designs ?? []) {
    if (!detail.designs.includes(d))
      throw new ApiError(
        "not-found",
        `campaign ${c.id} has no design ${d}; its designs: ${detail.designs.join(", ")}`,
        [{ path: "designs", message: "no such design" }],
      );
  }
  if (req.workload !== undefined && !detail.workloads.includes(req.workload))
    throw new ApiError(
      "not-found",
      `campaign ${c.id} has no workload ${req.workload}; its workloads: ${detail.workloads.join(", ")}`,
      [{ path: "workload", message: "no such workload" }],
    );
  const notes: string[] = [];
  const analyses: { kind: string; args: Record<string, unknown> }[] = [];
  const patternSteps = feeds(c.profiler, "designComparison") ? (req.workload ? 1 : detail.workloads.length) : 0;
  const designSteps = designs
    ? 2 + patternSteps + 2 * Number(feeds(c.profiler, "vcg")) + Number(feeds(c.profiler, "trendComparison"))
    : 0;
  const steps = designSteps + Number(feeds(c.profiler, "phaseMarkers"));
  let step = 0;
  const run = async <K extends Kind>(kind: K, title: string, args: Record<string, unknown>) => {
    ctx.progress({
      kind: "report",
      targets: [`campaign:${c.id}`],
      stage: `report: ${title}`,
      done: step++,
      total: Math.max(1, steps),
    });
    const d = ANALYSES[kind] as unknown as AnalysisDescriptor<
      z.ZodType<Record<string, unknown>>,
      unknown,
      ResultOf<(typeof ANALYSES)[K]>
    >;
    // The analysis' own defaults filled in, as its API method would: the report names every parameter.
    const parsed = d.args.parse(args);
    analyses.push({ kind, args: parsed });
    return runAnalysis(ctx, d as unknown as AnalysisDescriptor<never, unknown, ResultOf<(typeof ANALYSES)[K]>>, parsed);
  };
  /** An analysis that may not apply: its refusal is a note. */
  const tried = async <T>(what: string, f: () => Promise<T>): Promise<T | null> => {
    try {
      return await f();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      notes.push(`${what}: ${e.message}`);
      return null;
    }
  };

  let designInputs: DesignInputs | null = null;
  if (designs) {
    const target = (design: string, withWorkload = true) => ({
      kind: "design" as const,
      campaignId: c.id,
      design,
      workload: withWorkload ? (req.workload ?? null) : null,
    });
    const [a, b] = [target(designs[0]), target(designs[1])];
    const verdict = await run("verdict", `which of ${designs[0]} and ${designs[1]} is faster`, {
      a,
      b,
      measure: detail.measure.name,
    });
    const compare = await run("compare", `comparing ${designs[0]} and ${designs[1]}`, { a, b });
    // Each workload's runs on their own, as the verdict compares them: runs of different inputs are never matched.
    const patterns: WorkloadPatterns[] = [];
    for (const w of feeds(c.profiler, "designComparison") ? verdict.workloads.map((x) => x.workload) : []) {
      const on = { a: { ...a, workload: w }, b: { ...b, workload: w } };
      const comparison = await tried(`Execution patterns on ${w}`, () =>
        run("designComparison", `execution patterns on ${w}`, on),
      );
      if (comparison) patterns.push({ workload: w, comparison });
    }
    if (!feeds(c.profiler, "designComparison"))
      notes.push(
        `Execution patterns: needs ${unrecorded(c.profiler, "designComparison")}; the answer rests on the workloads' ${detail.measure.title} alone.`,
      );
    let vcg: DesignInputs["vcg"] = null;
    if (feeds(c.profiler, "vcg")) {
      const va = await tried(`Dominant variance of ${designs[0]}`, () =>
        run("vcg", `dominant variance of ${designs[0]}`, { target: a }),
      );
      const vb = await tried(`Dominant variance of ${designs[1]}`, () =>
        run("vcg", `dominant variance of ${designs[1]}`, { target: b }),
      );
      vcg = va && vb ? { a: va, b: vb } : null;
    } else notes.push(`Dominant variance: needs ${unrecorded(c.profiler, "vcg")}.`);
    // A trend fits cost to the features of every workload, so both designs are taken over all of them.
    const trends = feeds(c.profiler, "trendComparison")
      ? await tried("Trends", () =>
          run("trendComparison", "trends", { a: target(designs[0], false), b: target(designs[1], false) }),
        )
      : null;
    designInputs = {
      labels: { a: designs[0], b: designs[1] },
      environments: { a: firstEnvironment(ctx, compare.a.runIds), b: firstEnvironment(ctx, compare.b.runIds) },
      verdict,
      compare,
      patterns,
      vcg,
      trends,
    };
  } else if (detail.designs.length > 2)
    notes.push(
      `Design comparison: the campaign has ${detail.designs.length} designs (${detail.designs.join(", ")}); name two to compare them.`,
    );
  const phases = feeds(c.profiler, "phaseMarkers")
    ? await tried("Phases", () =>
        run("phaseMarkers", "phase markers", { target: { kind: "campaign", campaignId: c.id } }),
      )
    : null;
  ctx.progress({
    kind: "report",
    targets: [`campaign:${c.id}`],
    stage: "done",
    done: steps,
    total: Math.max(1, steps),
  });

  const measured = runRows(ctx.workspace().db, c.id).filter((r: RunRow) => r.status === "succeeded" && !r.warmup);
  const ws = ctx.workspace().dir;
  const command = shellCommand([
    "varbench",
    "-w",
    ws,
    "report",
    String(c.id),
    ...(req.designs ? ["--designs", req.designs.join(",")] : []),
    ...(req.workload ? ["--workload", req.workload] : []),
    ...(req.measure ? ["--metric", req.measure] : []),
    "--format",
    req.format,
  ]);
  return buildCampaignReport({
    provenance: {
      varbench: VARBENCH_VERSION,
      generatedAt: new Date().toISOString(),
      workspace: ws,
      campaign: { id: c.id, name: c.name, project: c.project, profiler: c.profiler, seed: c.seed, status: c.status },
      designs: designs ? { a: designs[0], b: designs[1], workload: req.workload ?? null } : null,
      runIds: measured.filter((r) => !designs || designs.includes(r.design ?? "")).map((r) => r.id),
      analyses,
      command,
    },
    detail,
    designs: designInputs,
    phases,
    notes,
  });
}

/** The environment its first run recorded (machine, kernel, CPU, …). */
function firstEnvironment(ctx: ServiceContext, runIds: readonly number[]): Record<string, unknown> {
  if (runIds.length === 0) return {};
  const d = runDetails(ctx.workspace().db, runIds[0]) as { environment: Record<string, unknown> | null } | undefined;
  return d?.environment ?? {};
}
