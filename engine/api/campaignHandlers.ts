// Handlers of campaigns.*: listing, details with the wall-time distribution of
// each design × workload, and launching (from a template campaign or a spec
// file), cancelling and resuming campaigns.
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError, type FieldIssue } from "../errors/errors.js";
import type { LaunchOptions } from "../campaign/readModels.js";
import { campaignDetail, campaignInfo, campaignInfoById, campaignInfos, campaignRow } from "./campaignInfo.js";
import { startRunner } from "./campaignRunner.js";
import { cancelQueuedRuns, listCampaigns, requeueCancelledRuns, setCampaignStatus } from "../store/campaigns.js";
import { campaignSpecSchema, PROFILER_NAMES, SpecError, type ProfilerName } from "../campaign/spec.js";
import { profilerAvailability } from "../runner/profilers/availability.js";
import { createPlannedCampaign, planCampaignFromFile, type Launched } from "../runner/launch.js";
import { projectCountsById } from "../store/projectQueries.js";
import { findCalibration } from "../store/calibrations.js";
import { benchSpec } from "../campaign/benchSpec.js";
import { dirname, resolve } from "node:path";
import { programVersion } from "../runner/programVersion.js";
import { setCampaignVersion } from "../store/campaignVersions.js";

type Some = Pick<
  Handlers,
  | "campaigns.list"
  | "campaigns.get"
  | "campaigns.launchOptions"
  | "campaigns.launch"
  | "campaigns.launchSpec"
  | "campaigns.bench"
  | "campaigns.cancel"
  | "campaigns.resume"
  | "campaigns.calibrate"
>;

export function campaignHandlers(ctx: ServiceContext): Some {
  const db = () => ctx.workspace().db;
  const started = (launched: Launched) => {
    startRunner(ctx, launched.id);
    return campaignInfoById(ctx, launched.id);
  };
  return {
    "campaigns.list": ({ projectId }) => campaignInfos(ctx, projectId),
    "campaigns.get": ({ campaignId, measure }) => campaignDetail(ctx, campaignId, measure),
    "campaigns.launchOptions": ({ projectId, templateCampaignId }) => launchOptions(ctx, projectId, templateCampaignId),
    "campaigns.launch": (args) => {
      const options = launchOptions(ctx, args.projectId, args.templateCampaignId);
      if (options.templateCampaignId === null)
        throw new ApiError("conflict", options.why ?? "no campaign to start from");
      const template = campaignRow(ctx, options.templateCampaignId);
      const issues: FieldIssue[] = [
        ...args.designs
          .filter((d) => !options.designs.includes(d))
          .map((d) => ({ path: "designs", message: `no design named ${d} in this project's campaigns` })),
        ...args.workloads
          .filter((w) => !options.workloads.includes(w))
          .map((w) => ({ path: "workloads", message: `no workload named ${w} in this project's campaigns` })),
        ...(PROFILER_NAMES.includes(args.profiler as ProfilerName)
          ? []
          : [{ path: "profiler", message: `one of: ${PROFILER_NAMES.join(", ")}` }]),
      ];
      if (issues.length > 0) throw new ApiError("invalid-arguments", issues.map((i) => i.message).join("; "), issues);
      const t = template.spec;
      const parsed = campaignSpecSchema.safeParse({
        ...t,
        name: args.name ?? `${t.name ?? template.name}-${listCampaigns(db()).length + 1}`,
        designs: t.designs.filter((d) => args.designs.includes(d.name)),
        workloads: t.workloads.filter((w) => args.workloads.includes(w.name)),
        repetitions: args.repetitions,
        warmups: args.warmups,
        // The template's profiler options apply only to the same profiler.
        profiler: { name: args.profiler, options: args.profiler === t.profiler.name ? t.profiler.options : [] },
        seed: undefined,
      });
      if (!parsed.success) {
        const fieldIssues = parsed.error.issues.map((i) => ({
          path: i.path.map(String).join("."),
          message: i.message,
        }));
        throw new ApiError(
          "invalid-arguments",
          fieldIssues.map((i) => `${i.path}: ${i.message}`).join("; "),
          fieldIssues,
        );
      }
      const spec = parsed.data;
      const request = {
        spec,
        specDir: template.specDir!,
        name: spec.name!,
        source: `campaign ${template.id} (${template.name})`,
        templateId: template.templateId ?? template.id,
      };
      return started(
        asApiError(() =>
          createPlannedCampaign(ctx.workspace(), args.seed === undefined ? request : { ...request, seed: args.seed }),
        ),
      );
    },
    "campaigns.launchSpec": async ({ spec, seed, version }) => {
      if (!ctx.localFiles)
        throw new ApiError(
          "invalid-arguments",
          "campaign spec files can be named only from the command line or the desktop window",
          [{ path: "spec", message: "no file paths here" }],
        );
      const launched = await asApiError(() => planCampaignFromFile(ctx.workspace(), spec, seed));
      const measured = programVersion(dirname(resolve(spec)), version);
      if (measured) setCampaignVersion(db(), launched.id, measured);
      return { campaign: started(launched), runs: launched.runs, order: launched.order, version: measured };
    },
    "campaigns.bench": (args) => {
      if (!ctx.localFiles)
        throw new ApiError(
          "invalid-arguments",
          "commands can be benchmarked only from the command line or the desktop window",
          [{ path: "commands", message: "not here" }],
        );
      const spec = asApiError(() =>
        benchSpec({ ...args, profiler: { name: args.profiler, options: args.profilerOptions } }),
      );
      const name = args.name ?? `bench-${listCampaigns(db()).length + 1}`;
      const launched = asApiError(() =>
        createPlannedCampaign(ctx.workspace(), {
          spec,
          specDir: resolve(args.cwd),
          name,
          source: "bench",
          ...(args.seed === undefined ? {} : { seed: args.seed }),
        }),
      );
      return { campaign: started(launched), runs: launched.runs, order: launched.order, version: null };
    },
    "campaigns.cancel": ({ campaignId }) => {
      const info = campaignInfo(ctx, campaignRow(ctx, campaignId));
      if (!info.canCancel)
        throw new ApiError("conflict", `campaign ${campaignId} is ${info.status}; there is nothing to cancel`);
      const here = ctx.running.get(campaignId);
      if (here) here.abort.abort();
      // A runner in another process sees the request and stops; with none alive, the queue is cancelled here.
      else if (info.runnerPid !== null) setCampaignStatus(db(), campaignId, "cancelling", info.runnerPid);
      else {
        cancelQueuedRuns(db(), campaignId);
        setCampaignStatus(db(), campaignId, "cancelled", null);
      }
      return campaignInfoById(ctx, campaignId);
    },
    "campaigns.resume": ({ campaignId }) => {
      const info = campaignInfo(ctx, campaignRow(ctx, campaignId));
      if (!info.canResume)
        throw new ApiError("conflict", `campaign ${campaignId} is ${info.status} with nothing left to run`);
      requeueCancelledRuns(db(), campaignId);
      startRunner(ctx, campaignId);
      return campaignInfoById(ctx, campaignId);
    },
    "campaigns.calibrate": async ({ campaignId }) => {
      const c = campaignRow(ctx, campaignId);
      if (c.spec.profiler.name !== "uftrace")
        throw new ApiError(
          "invalid-arguments",
          `campaign ${campaignId} ran under ${c.spec.profiler.name}: only uftrace's own cost per call is calibrated`,
        );
      const options = c.spec.profiler.options;
      const { ensureUftraceCalibration, calibrationKey } = await import("../runner/calibrate.js");
      await ensureUftraceCalibration(
        ctx.workspace(),
        options,
        (message) =>
          ctx.progress({
            kind: "calibrate",
            targets: [`campaign:${campaignId}`],
            stage: message,
            done: 0,
            total: null,
          }),
        { again: true },
      );
      const found = findCalibration(db(), calibrationKey(options));
      if (!found) throw new ApiError("failed", "the calibration left nothing in the workspace");
      return found;
    },
  };
}

/** A spec that does not plan (unknown placeholders, a bad file) is the caller's to fix: its issues become field issues. */
function asApiError<T>(f: () => T): T {
  const failed = (e: unknown): never => {
    if (e instanceof SpecError)
      throw new ApiError(
        "invalid-arguments",
        e.message,
        e.issues.map((i) => ({ path: i.path, message: i.message })),
      );
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR")
      throw new ApiError("invalid-arguments", (e as Error).message, [{ path: "spec", message: "cannot read it" }]);
    throw e;
  };
  try {
    const r = f();
    return (r instanceof Promise ? r.catch(failed) : r) as T;
  } catch (e) {
    return failed(e);
  }
}

/** Defaults 3 repetitions, 1 warm-up: enough for a first look at the spread. */
const DEFAULT_REPETITIONS = 3;
const DEFAULT_WARMUPS = 1;

function launchOptions(ctx: ServiceContext, projectId: number, templateId?: number): LaunchOptions {
  const project = projectCountsById(ctx.workspace().db, projectId);
  if (!project) throw new ApiError("not-found", `project ${projectId} does not exist`);
  const candidates = listCampaigns(ctx.workspace().db)
    .filter((c) => c.projectId === projectId && c.specDir !== null)
    .reverse();
  // By default the newest campaign planned from a spec file: one launched here may hold only some of its designs.
  const template =
    templateId === undefined
      ? (candidates.find((c) => c.templateId === null) ?? candidates[0])
      : candidates.find((c) => c.id === templateId);
  if (templateId !== undefined && !template)
    throw new ApiError(
      "invalid-arguments",
      `campaign ${templateId} of project ${project.name} cannot serve as a template`,
      [{ path: "templateCampaignId", message: "not a campaign of this project planned from a spec" }],
    );
  const templates = candidates.map((c) => ({ id: c.id, name: c.name, profiler: c.spec.profiler.name }));
  const available = PROFILER_NAMES.map((p) => profilerAvailability(p));
  const base = {
    projectId,
    templates,
    profilers: [...PROFILER_NAMES],
    available,
    repetitions: DEFAULT_REPETITIONS,
    warmups: DEFAULT_WARMUPS,
  };
  if (!template) {
    return {
      ...base,
      templateCampaignId: null,
      why: `project ${project.name} has no campaign planned from a spec file yet: run one with \`varbench campaign run <spec.yaml>\`, then launch more from here`,
      designs: [],
      workloads: [],
      profiler: "time",
    };
  }
  return {
    ...base,
    templateCampaignId: template.id,
    why: null,
    designs: template.spec.designs.map((d) => d.name),
    workloads: template.spec.workloads.map((w) => w.name),
    profiler: template.spec.profiler.name,
  };
}
