// `varbench execution-patterns`: the execution patterns of a campaign's runs
// (paper 004) from the command line, or new runs placed among them (--check).
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { campaignArg, checkNames, designTarget, targetArg } from "../target.js";
import { designPair, outputFormat } from "../optionParsers.js";
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
export const patternArgs = (o: PatternFlags) => ({
  metric: o.metric,
  source: o.source,
  intervals: o.intervals,
  kmax: o.kmax,
  seed: o.seed,
  alignThreads: o.alignThreads,
});

export function executionPatterns(
  workspaceDir: string,
  target: string,
  o: PatternFlags & { design?: string; designs?: string; workload?: string; check?: string },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const t = campaignArg(target);
    if (o.designs !== undefined) {
      // Two designs compared pattern by pattern (paper 004 §5), as the workbench's patterns page and its export show them.
      const names = designPair(o.designs);
      if (o.design !== undefined || o.check !== undefined)
        throw new Error("--designs compares two designs: leave out --design and --check");
      checkNames(t.campaignId, await api.campaigns.get({ campaignId: t.campaignId }), names, o.workload);
      const side = (design: string) => designTarget(t.campaignId, design, o.workload ?? null);
      const c = await withAnalysisProgress(api, () =>
        api.analyses.designComparison({ a: side(names[0]), b: side(names[1]), ...patternArgs(o) }),
      );
      return printExport(COMPARISON_EXPORTERS, format, c, undefined);
    }
    const chosen = o.design === undefined ? t : designTarget(t.campaignId, o.design, o.workload ?? null);
    if (o.check !== undefined) {
      if (format === "csv") throw new Error("--check prints text or --json");
      const check = targetArg(o.check, ["campaign"]);
      const r = await withAnalysisProgress(api, () =>
        api.analyses.patternCheck({ reference: chosen, check, ...patternArgs(o) }),
      );
      return printExport(REPRODUCIBILITY_EXPORTERS, format, r, undefined);
    }
    // A campaign's every design on one workload, or one design's runs of it (its target names the workload).
    const workload = o.design === undefined ? (o.workload ?? null) : null;
    const result = await withAnalysisProgress(api, () =>
      api.analyses.executionPatterns({ target: chosen, workload, ...patternArgs(o) }),
    );
    return printExport(PATTERNS_EXPORTERS, format, result, undefined);
  });
}
