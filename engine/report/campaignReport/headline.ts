// The report's first answer: which design is faster, by how much, under which
// strategy and with what confidence, and where the other strategies and the
// baselines disagree. With execution patterns (paper 004) the strategy is the
// one §5.2 ranks first that applies — M-Run, then C-Pattern, then A-Pattern —
// because means over all runs mix a design's effect with the mix of patterns
// its runs fell into; without them it is the difference of mean wall times.
import type { Baselines, DesignComparisonResult } from "../../patterns/comparisonResult.js";
import { DISAGREEMENT } from "../../patterns/verdict.js";
import type { Headline } from "./model.js";
import { baselinesOf } from "../../patterns/comparison.js";
import { DEFAULT_PRECISION } from "../../patterns/parameters.js";
import { meanInterval } from "../../stats/meanInterval.js";
import type { MatchedPair } from "../../patterns/comparisonResult.js";

const pct = (v: number) => `${(100 * Math.abs(v)).toFixed(1)}%`;

/** From a comparison by execution patterns. */
export function patternHeadline(c: DesignComparisonResult): Headline {
  const { mRun, cPattern, aPattern } = c.strategies;
  const [strategy, primary] = mRun ? ["M-Run (matched runs, paper 004 §5.2)", mRun] : cPattern ? ["C-Pattern (common patterns, paper 004 §5.2)", cPattern] : ["A-Pattern (all patterns, paper 004 §5.2)", aPattern];
  const views: [string, number | null | undefined][] = [
    ["M-Run", mRun?.improvement],
    ["C-Pattern", cPattern?.improvement],
    ["A-Pattern", aPattern.improvement],
    ["the difference of means", c.baselines.means],
  ];
  // M-Run's improvement is Σ(A − B)/ΣA over the matched pairs, so the Student t interval of the pairs'
  // mean difference, over A's mean, is its interval: a design is named faster only where it excludes 0,
  // as a point estimate of three pairs says nothing of confidence. The pattern-weighted strategies
  // (C-Pattern, A-Pattern) have no interval in §5.2, and one pattern's runs may be a single run: their
  // point estimate names a design only where Mann–Whitney over all runs shows a change the same way.
  const interval = mRun ? pairedInterval(c.matched, c.confidence) : null;
  const evidence: Evidence = mRun ? { kind: "interval", missing: "one matched pair gives no interval" } : { kind: "rank test" };
  return headline(`${c.metric.title}`, strategy, primary.improvement, interval, c.baselines, c.confidence, views, evidence);
}

/** The interval of M-Run's improvement from its pairs' differences; null under two pairs (no degrees of freedom). */
export function pairedInterval(pairs: readonly MatchedPair[], confidence: number): Headline["interval"] {
  if (pairs.length < 2) return null;
  const d = meanInterval(Float64Array.from(pairs, (p) => p.metricA - p.metricB), confidence);
  const meanA = pairs.reduce((s, p) => s + p.metricA, 0) / pairs.length;
  return meanA > 0 ? { low: d.low / meanA, high: d.high / meanA } : null;
}

/** From the two designs' wall times alone (no execution patterns for this profiler). */
export function wallHeadline(b: Baselines, confidence: number): Headline {
  const interval = b.normality ? { low: b.normality.low, high: b.normality.high } : null;
  return headline("wall time", "difference of mean wall times (Welch's interval)", b.means, interval, b, confidence, [
    ["the difference of means", b.means],
    ["the Hodges–Lehmann shift of medians", b.hodgesLehmann.relative],
  ], { kind: "interval", missing: "one run a side gives no interval" });
}

/** One workload's wall times of both designs. */
export interface WorkloadPair {
  readonly workload: string;
  readonly a: readonly number[];
  readonly b: readonly number[];
}

export interface WorkloadVerdict {
  readonly workload: string;
  readonly baselines: Baselines;
  /** "A" or "B" where Welch's interval of the difference excludes 0; null where it holds 0 or has no interval. */
  readonly faster: "A" | "B" | null;
}

export function workloadVerdicts(pairs: readonly WorkloadPair[], confidence: number): WorkloadVerdict[] {
  return pairs.map((w) => {
    const b = baselinesOf(w.a, w.b, { confidence, precision: DEFAULT_PRECISION });
    const n = b.normality;
    return { workload: w.workload, baselines: b, faster: !n ? null : n.low > 0 ? "B" : n.high < 0 ? "A" : null };
  });
}

/** From wall times over several workloads (no execution patterns): each workload compared on its own,
 * since pooling different inputs' times mixes their sizes into the variance, and the designs' ratio
 * summarised by its geometric mean (Fleming & Wallace 1986: the mean of ratios that does not depend
 * on which design is the reference). A design is named faster only where every workload says so. */
export function workloadHeadline(verdicts: readonly WorkloadVerdict[], confidence: number): Headline {
  const logs = verdicts.map((v) => Math.log(v.baselines.meanB / v.baselines.meanA)).filter(Number.isFinite);
  const improvement = logs.length ? 1 - Math.exp(logs.reduce((x, y) => x + y, 0) / logs.length) : 0;
  const count = (f: "A" | "B" | null) => verdicts.filter((v) => v.faster === f).length;
  const all = (f: "A" | "B") => verdicts.length > 0 && count(f) === verdicts.length;
  const faster = all("B") ? "B" : all("A") ? "A" : null;
  const conf = `${Math.round(100 * confidence)}%`;
  const strategy = `each workload by Welch's ${conf} interval, summarised by the geometric mean of B's mean wall time over A's`;
  const mean = `the geometric mean of B's wall time over A's is ${(1 - improvement).toFixed(3)} (${signed(improvement)})`;
  const sentence =
    faster === null
      ? `Neither design is faster on every workload: B is faster on ${count("B")}, A on ${count("A")}, and no difference is shown on ${count(null)} of ${verdicts.length} (Welch's ${conf} interval per workload); ${mean}.`
      : `${faster} is faster on every one of the ${verdicts.length} workloads (Welch's ${conf} interval per workload); ${mean}.`;
  const disagreements = faster === null ? [] : verdicts.filter((v) => v.baselines.mannWhitney.p >= 1 - confidence).map((v) => `On ${v.workload}, Mann–Whitney shows no difference (p = ${v.baselines.mannWhitney.p.toPrecision(2)}).`);
  return { faster, improvement, strategy, confidence, interval: null, p: null, sentence, disagreements };
}

/** What names a design faster: the strategy's interval excluding 0 (and why there is none when it is
 * missing), or, for a point estimate, Mann–Whitney over all runs showing a change the same way. */
type Evidence = { readonly kind: "interval"; readonly missing: string } | { readonly kind: "rank test" };

function headline(metric: string, strategy: string, improvement: number, interval: Headline["interval"], b: Baselines, confidence: number, views: readonly [string, number | null | undefined][], evidence: Evidence): Headline {
  const p = b.mannWhitney.p;
  const conf = `${Math.round(100 * confidence)}%`;
  const rankAgrees = p < 1 - confidence && Math.sign(b.means) === Math.sign(improvement);
  // An interval that holds 0, a change under a point, or a point estimate no test supports names no faster design.
  const shown = interval ? interval.low > 0 || interval.high < 0 : evidence.kind === "rank test" && Math.abs(improvement) > DISAGREEMENT && rankAgrees;
  const faster = !shown ? null : improvement > 0 ? "B" : "A";
  const range = interval
    ? ` (${conf} interval of the change ${signed(interval.high)} to ${signed(interval.low)})`
    : evidence.kind === "interval"
      ? ` (${evidence.missing})`
      : ` (a point estimate${rankAgrees ? ", which the test over all runs supports" : ", which no test over all runs supports"})`;
  const test = `Mann–Whitney over all runs: p = ${p.toPrecision(2)}${p < 1 - confidence ? `, a difference at ${conf} confidence` : `, no difference shown at ${conf} confidence`}.`;
  const sentence =
    faster === null
      ? `Neither design is shown faster: under ${strategy}, B's ${metric} differs from A's by ${signed(improvement)}${range}. ${test}`
      : `${faster} is faster: under ${strategy}, B's ${metric} is ${pct(improvement)} ${improvement > 0 ? "lower" : "higher"} than A's${range}. ${test}`;
  const disagreements = views.flatMap(([name, v]) => {
    if (typeof v !== "number" || !Number.isFinite(v)) return [];
    const opposite = Math.sign(v) !== Math.sign(improvement) && Math.abs(v) > DISAGREEMENT / 2;
    if (!opposite && Math.abs(v - improvement) <= DISAGREEMENT) return [];
    const said = `${name} ${opposite ? "points the other way" : "disagrees"}: B's change ${signed(v)}, against ${signed(improvement)} under ${strategy.split(" (")[0]}.`;
    return [said[0].toUpperCase() + said.slice(1)];
  });
  return { faster, improvement, strategy, confidence, interval, p, sentence, disagreements };
}

/** An improvement (A − B) / A as B's change: "−12.3%" when B is lower. */
export function signed(improvement: number): string {
  const change = -improvement;
  return `${change > 0 ? "+" : change < 0 ? "−" : "±"}${(100 * Math.abs(change)).toFixed(1)}%`;
}
