// `varbench execution-patterns` and `varbench compare`: execution patterns of a
// campaign's runs and two designs compared by matched patterns (paper 004),
// from the command line; `compare` can fail a CI job when B is worse than A.
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
import { COMPARISON_EXPORTERS, PATTERNS_EXPORTERS, REPRODUCIBILITY_EXPORTERS } from "../../report/exporters.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { MetricName } from "../../patterns/metrics.js";

export interface PatternFlags {
  readonly metric?: MetricName;
  readonly source?: "auto" | "uftrace" | "sampler";
  readonly intervals?: number;
  readonly kmax?: number;
  readonly seed?: number;
  readonly alignThreads?: boolean;
  readonly json: boolean;
  readonly csv: boolean;
}

/** The flags as the analyses' arguments; those not given keep the analyses' defaults. */
const patternArgs = (o: PatternFlags) => ({ metric: o.metric, source: o.source, intervals: o.intervals, kmax: o.kmax, seed: o.seed, alignThreads: o.alignThreads });
function formatOf(o: PatternFlags): "json" | "csv" | "text" {
  if (o.json && o.csv) throw new Error("--json and --csv: choose one");
  return o.json ? "json" : o.csv ? "csv" : "text";
}

export function executionPatterns(workspaceDir: string, target: string, o: PatternFlags & { design?: string; check?: string }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const t = targetArg(target, ["campaign"]);
    const chosen = o.design === undefined ? t : t.kind === "campaign" ? { kind: "design" as const, campaignId: t.campaignId, design: o.design, workload: null } : null;
    if (!chosen) throw new Error("--design needs a campaign as the target (campaign:<id> or its id)");
    if (o.check !== undefined) {
      if (o.csv) throw new Error("--check prints text or --json");
      formatOf(o);
      const check = targetArg(o.check, ["campaign"]);
      const r = await withAnalysisProgress(api, () => api.analyses.patternCheck({ reference: chosen, check, ...patternArgs(o) }));
      return printExport(REPRODUCIBILITY_EXPORTERS, o.json ? "json" : "text", r, undefined);
    }
    const result = await withAnalysisProgress(api, () => api.analyses.executionPatterns({ target: chosen, ...patternArgs(o) }));
    return printExport(PATTERNS_EXPORTERS, formatOf(o), result, undefined);
  });
}

export const STRATEGIES = ["m-run", "c-pattern", "a-pattern", "means"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Exit status when B is worse than A beyond --fail-if-worse (1 is any other failure). */
export const WORSE_EXIT = 2;

export function compare(workspaceDir: string, campaign: string, o: PatternFlags & { designs: string; b?: string; confidence?: number; precision?: number; strategy: Strategy; failIfWorse?: number }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const t = targetArg(campaign, ["campaign"]);
    if (t.kind !== "campaign") throw new Error(`${campaign}: name a campaign (campaign:<id> or its id)`);
    const names = o.designs.split(",").map((s) => s.trim());
    if (names.length !== 2 || names.some((n) => n === "")) throw new Error(`--designs: name two designs, A,B (got "${o.designs}")`);
    const side = (design: string) => ({ kind: "design" as const, campaignId: t.campaignId, design, workload: null });
    const result = await withAnalysisProgress(api, () =>
      api.analyses.designComparison({ a: side(names[0]), b: side(names[1]), confidence: o.confidence, precision: o.precision, ...patternArgs(o) }),
    );
    await printExport(COMPARISON_EXPORTERS, formatOf(o), result, undefined);
    if (o.failIfWorse !== undefined) gate(result, o.strategy, o.failIfWorse);
  });
}

/** Sets the exit status to WORSE_EXIT when B's metric is higher than A's by more than `threshold` (a share) under `strategy`. */
function gate(c: DesignComparisonResult, strategy: Strategy, threshold: number): void {
  const value = strategy === "m-run" ? c.strategies.mRun?.improvement : strategy === "c-pattern" ? c.strategies.cPattern?.improvement : strategy === "a-pattern" ? c.strategies.aPattern.improvement : c.baselines.means;
  if (value === undefined) throw new Error(`--strategy ${strategy}: the designs share no execution pattern, so it cannot judge them; choose a-pattern or means`);
  if (-value > threshold) {
    console.error(`varbench compare: B's ${c.metric.title} is ${(-value * 100).toFixed(2)}% higher than A's under ${strategy}, beyond the ${(threshold * 100).toFixed(2)}% allowed`);
    process.exitCode = WORSE_EXIT;
  }
}
