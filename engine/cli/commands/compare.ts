// `varbench compare`: which of two designs is faster, per workload, in the
// campaign's measure (the verdict), then, where the runs have per-thread
// timelines, the two designs compared pattern by pattern (paper 004); it can
// fail a CI job when B is shown slower than A beyond a threshold.
import { withApi } from "../api.js";
import { printJson } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
import { ApiError } from "../../api/errors.js";
import { COMPARISON_EXPORTERS, VERDICT_EXPORTERS } from "../../report/exporters.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import { bOverA, speedupSentence } from "../../verdict/speedup.js";
import { patternArgs, formatOf, type PatternFlags } from "./executionPatterns.js";

export const STRATEGIES = ["verdict", "m-run", "c-pattern", "a-pattern", "means"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Exit status when B is worse than A beyond --fail-if-worse (1 is any other failure). */
export const WORSE_EXIT = 2;

export interface CompareFlags extends PatternFlags {
  readonly designs: string;
  readonly workload?: string;
  readonly confidence?: number;
  readonly precision?: number;
  readonly strategy: Strategy;
  readonly failIfWorse?: number;
  readonly patterns: boolean;
}

/** What `compare --json` prints: the verdict, and the pattern comparison or why there is none. */
export interface CompareOutput {
  readonly verdict: DesignVerdict;
  readonly patterns: DesignComparisonResult | null;
  readonly patternsNote: string | null;
}

export function compare(workspaceDir: string, campaign: string, o: CompareFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = formatOf(o);
    const t = targetArg(campaign, ["campaign"]);
    if (t.kind !== "campaign") throw new Error(`${campaign}: name a campaign (campaign:<id> or its id)`);
    const names = o.designs.split(",").map((s) => s.trim());
    if (names.length !== 2 || names.some((n) => n === "")) throw new Error(`--designs: name two designs, A,B (got "${o.designs}")`);
    const side = (design: string) => ({ kind: "design" as const, campaignId: t.campaignId, design, workload: o.workload ?? null });
    const verdict = await withAnalysisProgress(api, () => api.analyses.verdict({ a: side(names[0]), b: side(names[1]), measure: o.metric ?? null, confidence: o.confidence }));
    let patterns: DesignComparisonResult | null = null;
    let patternsNote: string | null = o.patterns ? null : "not asked for (--no-patterns)";
    if (o.patterns) {
      try {
        patterns = await withAnalysisProgress(api, () => api.analyses.designComparison({ a: side(names[0]), b: side(names[1]), confidence: o.confidence, precision: o.precision, ...patternArgs(o) }));
      } catch (e) {
        // No per-thread timelines (a time, callgrind or gcov campaign): the verdict stands alone, and says why.
        if (!(e instanceof ApiError) || e.code !== "not-found") throw e;
        patternsNote = e.message;
      }
    }
    await print({ verdict, patterns, patternsNote }, format);
    if (o.failIfWorse !== undefined) gate({ verdict, patterns, patternsNote }, o.strategy, o.failIfWorse);
  });
}

async function print(out: CompareOutput, format: "json" | "csv" | "text"): Promise<void> {
  if (format === "json") return printJson(out);
  const parts = [VERDICT_EXPORTERS[format].render(out.verdict, undefined) as string];
  if (out.patterns) parts.push(format === "text" ? `Execution patterns (paper 004)${out.verdict.workloads.length > 1 ? ", all workloads' runs together" : ""}:\n\n${COMPARISON_EXPORTERS.text.render(out.patterns, undefined)}` : (COMPARISON_EXPORTERS.csv.render(out.patterns, undefined) as string));
  else if (format === "text") parts.push(`Execution patterns (paper 004): not compared: ${out.patternsNote}.\n`);
  process.stdout.write(parts.join("\n"));
}

/** Sets the exit status to WORSE_EXIT when B's measure is above A's by more than `threshold` (a share) under `strategy`. */
function gate(out: CompareOutput, strategy: Strategy, threshold: number): void {
  const v = out.verdict;
  if (strategy === "verdict") {
    const s = v.overall?.speedup ?? (v.workloads.length === 1 ? v.workloads[0].speedup : null);
    if (!s) throw new Error("--fail-if-worse: the verdict has no ratio to judge by (a workload with a single run, or more than one workload without an overall line)");
    if (!v.settled) console.error("varbench compare: the verdict is not settled (the tracer's own cost may decide it); judged as it stands");
    // Only a difference the interval shows fails the job: a noisy point estimate alone would make CI flaky.
    if (s.faster === "A" && bOverA(s) - 1 > threshold) worse(`${speedupSentence(s, v.labels)}: B's ${v.measure.title} is ${((bOverA(s) - 1) * 100).toFixed(2)}% above A's, beyond the ${(threshold * 100).toFixed(2)}% allowed`);
    return;
  }
  const c = out.patterns;
  if (!c) throw new Error(`--strategy ${strategy}: the designs were not compared by execution patterns (${out.patternsNote}); judge by the verdict (--strategy verdict)`);
  const s = strategy === "m-run" ? c.strategies.mRun?.speedup : strategy === "c-pattern" ? c.strategies.cPattern?.speedup : strategy === "a-pattern" ? c.strategies.aPattern.speedup : c.baselines.means;
  if (!s) throw new Error(`--strategy ${strategy}: the designs share no execution pattern (or a mean is not positive), so it cannot judge them; choose verdict, a-pattern or means`);
  // The pattern strategies are point estimates (M-Run and the means have intervals): judged as they stand.
  const over = bOverA(s) - 1;
  if (s.lower === "A" && (s.interval === null || s.faster === "A") && over > threshold) worse(`B's ${c.metric.title} is ${(over * 100).toFixed(2)}% above A's under ${strategy}, beyond the ${(threshold * 100).toFixed(2)}% allowed`);
}

function worse(message: string): void {
  console.error(`varbench compare: ${message}`);
  process.exitCode = WORSE_EXIT;
}
