// `varbench compare`: which of two designs is faster, per workload, in the
// campaign's measure (the verdict), then, where the runs have per-thread
// timelines, the two designs compared pattern by pattern (paper 004); it can
// fail a CI job when B is shown slower than A beyond a threshold.
import { withApi } from "../api.js";
import { printJson } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { campaignArg, checkNames, designTarget } from "../target.js";
import { designPair, outputFormat, type OutputFormat } from "../optionParsers.js";
import { ApiError } from "../../errors/errors.js";
import { COMPARISON_EXPORTERS, VERDICT_EXPORTERS } from "../../report/exporters.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import { bOverA, speedupSentence } from "../../verdict/speedup.js";
import { patternArgs, type PatternFlags } from "./executionPatterns.js";
import type { Strategy } from "./strategies.js";

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

/** One workload's comparison by execution patterns, or why there is none. */
export interface WorkloadPatterns {
  readonly workload: string;
  readonly comparison: DesignComparisonResult | null;
  readonly note: string | null;
}

/** What `compare --json` prints: the verdict, and each workload's comparison by execution patterns. */
export interface CompareOutput {
  readonly verdict: DesignVerdict;
  /** Per workload, as the verdict: runs of different inputs are never clustered or matched together. */
  readonly patterns: readonly WorkloadPatterns[];
}

export function compare(workspaceDir: string, campaign: string, o: CompareFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const t = campaignArg(campaign);
    const names = designPair(o.designs);
    checkNames(t.campaignId, await api.campaigns.get({ campaignId: t.campaignId }), names, o.workload);
    const side = (design: string, workload: string | null) => designTarget(t.campaignId, design, workload);
    const verdict = await withAnalysisProgress(api, () =>
      api.analyses.verdict({
        a: side(names[0], o.workload ?? null),
        b: side(names[1], o.workload ?? null),
        measure: o.metric ?? null,
        confidence: o.confidence,
      }),
    );
    const patterns: WorkloadPatterns[] = [];
    for (const w of o.patterns ? verdict.workloads.map((x) => x.workload) : []) {
      try {
        const comparison = await withAnalysisProgress(api, () =>
          api.analyses.designComparison({
            a: side(names[0], w),
            b: side(names[1], w),
            confidence: o.confidence,
            precision: o.precision,
            ...patternArgs(o),
          }),
        );
        patterns.push({ workload: w, comparison, note: null });
      } catch (e) {
        // No per-thread timelines (a time, callgrind or gcov campaign): the verdict stands alone, and says why.
        if (!(e instanceof ApiError) || e.code !== "not-found") throw e;
        patterns.push({ workload: w, comparison: null, note: e.message });
      }
    }
    await print({ verdict, patterns }, format, o.patterns);
    if (o.failIfWorse !== undefined) gate({ verdict, patterns }, o.strategy, o.failIfWorse);
  });
}

async function print(out: CompareOutput, format: OutputFormat, asked: boolean): Promise<void> {
  if (format === "json") return printJson(out);
  // CSV is the verdict's table alone (one header, one measure); the patterns are in --json and in the text.
  if (format === "csv")
    return void process.stdout.write(VERDICT_EXPORTERS.csv.render(out.verdict, undefined) as string);
  const parts = [VERDICT_EXPORTERS.text.render(out.verdict, undefined) as string];
  if (!asked) parts.push("Execution patterns (paper 004): not compared (--no-patterns).\n");
  const none = out.patterns.filter((p) => !p.comparison);
  // Every workload without timelines says the same: said once.
  if (none.length > 0 && none.length === out.patterns.length)
    parts.push(`Execution patterns (paper 004): not compared: ${none[0].note}.\n`);
  for (const p of out.patterns) {
    if (p.comparison)
      parts.push(
        `Execution patterns (paper 004) on ${p.workload}:\n\n${COMPARISON_EXPORTERS.text.render(p.comparison, undefined)}`,
      );
    else if (none.length < out.patterns.length)
      parts.push(`Execution patterns (paper 004) on ${p.workload}: not compared: ${p.note}.\n`);
  }
  process.stdout.write(parts.join("\n"));
}

/**
 * Sets the exit status to WORSE_EXIT when B's measure is shown above A's by more than `threshold` (a share)
 * under `strategy`: under the verdict, on any workload (a regression on the largest input must not hide
 * behind the geometric mean of all) or overall. Only a difference the test shows fails the job: a noisy
 * point estimate alone would make CI flaky. An unsettled verdict judges nothing: it is an error (status 1).
 */
function gate(out: CompareOutput, strategy: Strategy, threshold: number): void {
  const v = out.verdict;
  const allowed = `${(threshold * 100).toFixed(2)}% allowed`;
  if (strategy === "verdict") {
    if (!v.settled)
      throw new Error(
        "--fail-if-worse: the verdict is not settled (the tracer's own cost may decide it), so it judges nothing; judge the plain timing runs (`timing: time` in the spec) or another measure (--metric)",
      );
    const judged = [
      ...v.workloads.map((w) => [w.workload, w.speedup] as const),
      ...(v.overall ? [["all workloads (geometric mean)", v.overall.speedup] as const] : []),
    ];
    if (judged.every(([, s]) => s === null || s.interval === null))
      throw new Error("--fail-if-worse: no workload has an interval to judge by (a single run on a side)");
    const over = judged.filter(([, s]) => s !== null && s.faster === "A" && bOverA(s) - 1 > threshold);
    if (over.length > 0)
      worse(
        over
          .map(
            ([w, s]) =>
              `${w}: ${speedupSentence(s!, v.labels, v.measure)}, B ${((bOverA(s!) - 1) * 100).toFixed(2)}% above A, beyond the ${allowed}`,
          )
          .join("; "),
      );
    return;
  }
  const found: string[] = [];
  for (const p of out.patterns) {
    const c = p.comparison;
    if (!c)
      throw new Error(
        `--strategy ${strategy}: the designs were not compared by execution patterns on ${p.workload} (${p.note}); judge by the verdict (--strategy verdict)`,
      );
    const s =
      strategy === "m-run"
        ? c.strategies.mRun?.speedup
        : strategy === "c-pattern"
          ? c.strategies.cPattern?.speedup
          : strategy === "a-pattern"
            ? c.strategies.aPattern.speedup
            : c.baselines.means;
    if (!s)
      throw new Error(
        `--strategy ${strategy}: on ${p.workload} the designs share no execution pattern (or a mean is not positive), so it cannot judge them; choose verdict, a-pattern or means`,
      );
    // C-Pattern and A-Pattern are point estimates: they fail the job only where Mann–Whitney over all runs shows B higher too.
    const shown =
      s.interval !== null
        ? s.faster === "A"
        : c.baselines.mannWhitney.p < 1 - c.confidence && c.baselines.means?.lower === "A";
    const over = bOverA(s) - 1;
    if (s.lower === "A" && shown && over > threshold)
      found.push(
        `${p.workload}: B's ${c.metric.title} is ${(over * 100).toFixed(2)}% above A's under ${strategy}, beyond the ${allowed}`,
      );
  }
  if (found.length > 0) worse(found.join("; "));
}

function worse(message: string): void {
  console.error(`varbench compare: ${message}`);
  process.exitCode = WORSE_EXIT;
}
