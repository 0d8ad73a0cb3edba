// `varbench execution-patterns`: the execution patterns of a campaign's runs
// (paper 004) from the command line, or new runs placed among them (--check).
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
import { COMPARISON_EXPORTERS, PATTERNS_EXPORTERS, REPRODUCIBILITY_EXPORTERS } from "../../report/exporters.js";
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

export function executionPatterns(workspaceDir: string, target: string, o: PatternFlags & { design?: string; designs?: string; workload?: string; check?: string }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const t = targetArg(target, ["campaign"]);
    if (t.kind !== "campaign") throw new Error(`${target}: name a campaign (campaign:<id> or its id)`);
    if (o.designs !== undefined) {
      // Two designs compared pattern by pattern (paper 004 §5), as the workbench's patterns page and its export show them.
      const names = o.designs.split(",").map((s) => s.trim());
      if (names.length !== 2 || names.some((n) => n === "")) throw new Error(`--designs: name two designs, A,B (got "${o.designs}")`);
      if (o.design !== undefined || o.check !== undefined) throw new Error("--designs compares two designs: leave out --design and --check");
      const side = (design: string) => ({ kind: "design" as const, campaignId: t.campaignId, design, workload: o.workload ?? null });
      const c = await withAnalysisProgress(api, () => api.analyses.designComparison({ a: side(names[0]), b: side(names[1]), ...patternArgs(o) }));
      return printExport(COMPARISON_EXPORTERS, formatOf(o), c, undefined);
    }
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
