// What runs.import and runs.importUpload share: a file on this machine, found out by its content
// (trace/detect.ts), stored as a run (a trace) or as a finished campaign (benchmark results).
import type { ServiceContext } from "./serviceContext.js";
import type { Imported } from "./types.js";
import type { ParsedArgsOf } from "./contract.js";
import { ApiError } from "../errors/errors.js";
import { importTrace } from "../ingest/importTrace.js";
import { importResults } from "../ingest/importResults.js";
import { detectPathFormat } from "../io/readTrace.js";
import { isResultsFormat } from "../trace/detect.js";
import { RESULTS_FORMAT_TITLES } from "../results/model.js";
import { programVersion } from "../runner/programVersion.js";
import { setCampaignVersion } from "../store/campaignVersions.js";
import { dirname, resolve } from "node:path";

export async function importFile(ctx: ServiceContext, args: ParsedArgsOf<"runs.import">): Promise<Imported> {
  const { trace, project, workload, design, maxChildren, campaignName, version } = args;
  const format = await detectPathFormat(trace);
  const refuse = (field: string, message: string) =>
    new ApiError("invalid-arguments", `runs.import: ${field}: ${message}`, [{ path: field, message }]);
  if (isResultsFormat(format)) {
    if (maxChildren !== undefined)
      throw refuse("maxChildren", `applies to traces, and ${trace} holds ${RESULTS_FORMAT_TITLES[format]} results`);
    if (design !== undefined && workload !== undefined)
      throw refuse(
        "workload",
        "with one design for the whole file, the tool's names are the workloads: give design or workload, not both",
      );
    const { campaignId, plan } = await importResults(ctx.workspace(), trace, format, {
      project,
      campaignName,
      design,
      workload,
    });
    const failed = plan.runs.filter((r) => r.status === "failed").length;
    // A label given is looked up as a revision where the file lies (a tag, a commit): commit order then orders it.
    const measured = version === undefined ? null : programVersion(dirname(resolve(trace)), version);
    if (measured) setCampaignVersion(ctx.workspace().db, campaignId, measured);
    return {
      kind: "results",
      format,
      campaignId,
      campaignName: plan.campaignName,
      designs: plan.designs.map((d) => ({ name: d.name, label: d.label })),
      workloads: plan.workloads.map((w) => w.name),
      runs: plan.runs.length,
      failed,
      warnings: plan.warnings,
      version: measured,
    };
  }
  if (version !== undefined)
    throw refuse("version", `names the version of imported benchmark results, and ${trace} is a trace`);
  if (campaignName !== undefined)
    throw refuse(
      "campaignName",
      `names the campaign of imported benchmark results, and ${trace} is a trace (imported as a run of no campaign)`,
    );
  const r = await importTrace(ctx.workspace(), {
    trace,
    project,
    workload,
    design,
    maxCovarianceChildren: maxChildren,
  });
  return {
    kind: "trace",
    runId: r.runId,
    format: r.format,
    events: r.cct.events,
    threads: r.cct.threads.length,
    warnings: r.warnings,
  };
}
