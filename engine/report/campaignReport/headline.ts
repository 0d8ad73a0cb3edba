// The report's first answer: which design is faster, by how much, under which
// strategy and with what confidence, and where the other strategies and the
// baselines disagree. With execution patterns (paper 004) the strategy is the
// one §5.2 ranks first that applies — M-Run, then C-Pattern, then A-Pattern —
// because means over all runs mix a design's effect with the mix of patterns
// its runs fell into; without them it is the difference of mean wall times.
import type { Baselines, DesignComparisonResult } from "../../patterns/comparisonResult.js";
import { DISAGREEMENT } from "../../patterns/verdict.js";
import type { Headline } from "./model.js";

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
  return headline(`${c.metric.title}`, strategy, primary.improvement, null, c.baselines, c.confidence, views);
}

/** From the two designs' wall times alone (no execution patterns for this profiler). */
export function wallHeadline(b: Baselines, confidence: number): Headline {
  const interval = b.normality ? { low: b.normality.low, high: b.normality.high } : null;
  return headline("wall time", "difference of mean wall times (Welch's interval)", b.means, interval, b, confidence, [
    ["the difference of means", b.means],
    ["the Hodges–Lehmann shift of medians", b.hodgesLehmann.relative],
  ]);
}

function headline(metric: string, strategy: string, improvement: number, interval: Headline["interval"], b: Baselines, confidence: number, views: readonly [string, number | null | undefined][]): Headline {
  const p = b.mannWhitney.p;
  // An interval that holds 0, or a change under a point, names no faster design.
  const shown = interval ? interval.low > 0 || interval.high < 0 : Math.abs(improvement) > DISAGREEMENT;
  const faster = !shown ? null : improvement > 0 ? "B" : "A";
  const conf = `${Math.round(100 * confidence)}%`;
  const range = interval ? ` (${conf} interval of the change ${signed(interval.high)} to ${signed(interval.low)})` : "";
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
