// `varbench execution-patterns`: the execution patterns of a campaign's runs
// (paper 004) from the command line, or new runs placed among them (--check).
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
import { PATTERNS_EXPORTERS, REPRODUCIBILITY_EXPORTERS } from "../../report/exporters.js";
import type { MeasureName } from "../../campaign/measures.js";

export interface PatternFlags {
  readonly metric?: MeasureName;
  readonly source?: "auto" | "uftrace" | "sampler";
  readonly intervals?: number;
  readonly kmax?: number;
  readonly seed?: number;
  readonly alignThreads?: boolean;
  readonly json: boolean;
  readonly csv: boolean;
}

/** The flags as the analyses' arguments; those not given keep the analyses' defaults. */
export const patternArgs = (o: PatternFlags) => ({ metric: o.metric, source: o.source, intervals: o.intervals, kmax: o.kmax, seed: o.seed, alignThreads: o.alignThreads });
export function formatOf(o: PatternFlags): "json" | "csv" | "text" {
  if (o.json && o.csv) throw new Error("--json and --csv: choose one");
  return o.json ? "json" : o.csv ? "csv" : "text";
}

export function executionPatterns(workspaceDir: string, target: string, o: PatternFlags & { design?: string; workload?: string; check?: string }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const t = targetArg(target, ["campaign"]);
    if (t.kind !== "campaign") throw new Error(`${target}: name a campaign (campaign:<id> or its id)`);
    const chosen = o.design === undefined ? t : { kind: "design" as const, campaignId: t.campaignId, design: o.design, workload: o.workload ?? null };
    if (o.check !== undefined) {
      if (o.csv) throw new Error("--check prints text or --json");
      formatOf(o);
      const check = targetArg(o.check, ["campaign"]);
      const r = await withAnalysisProgress(api, () => api.analyses.patternCheck({ reference: chosen, check, ...patternArgs(o) }));
      return printExport(REPRODUCIBILITY_EXPORTERS, o.json ? "json" : "text", r, undefined);
    }
    // A campaign's every design on one workload, or one design's runs of it (its target names the workload).
    const workload = o.design === undefined ? (o.workload ?? null) : null;
    const result = await withAnalysisProgress(api, () => api.analyses.executionPatterns({ target: chosen, workload, ...patternArgs(o) }));
    return printExport(PATTERNS_EXPORTERS, formatOf(o), result, undefined);
  });
}
