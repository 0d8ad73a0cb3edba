// A design comparison in plain words: what the pattern strategies (004 §5.2)
// and the baselines (§2.1) each say, and where they disagree and why — the
// paper's point is that means over all runs mix the design's effect with the
// mix of execution patterns each design's runs happened to fall into.
import type { DesignComparison, PatternRow } from "./comparisonResult.js";

/** The strategies and the means disagree when they differ by more than this (a point of improvement). */
export const DISAGREEMENT = 0.01;

export function verdict(c: DesignComparison): string[] {
  const out: string[] = [];
  const { mRun, cPattern, aPattern } = c.strategies;
  const common = c.rows.filter((r) => r.improvement !== null);
  if (mRun) out.push(`Under matched runs (M-Run), B's ${c.metric.title} is ${lowerOrHigher(mRun.improvement)} than A's (${mRun.basis} matched ${plural(mRun.basis, "pair")} in ${common.length} common ${plural(common.length, "pattern")}).`);
  else out.push(`A and B share no execution pattern, so no run of B can be matched with one of A: M-Run and C-Pattern cannot compare them.`);
  out.push(
    [cPattern ? `Pattern by pattern, ${signed(cPattern.improvement)} over the ${cPattern.basis} common ${plural(cPattern.basis, "pattern")} (C-Pattern)` : null, `${signed(aPattern.improvement)} over all ${aPattern.basis} ${plural(aPattern.basis, "pattern")} (A-Pattern)`]
      .filter(Boolean)
      .join(", ") + ".",
  );
  if (common.length > 1) {
    const sorted = [...common].sort((x, y) => x.improvement! - y.improvement!);
    const better = common.filter((r) => r.improvement! > 0).length;
    out.push(`B is better in ${better} of ${common.length} common patterns, from ${signed(sorted[0].improvement!)} (${sorted[0].pattern}) to ${signed(sorted[sorted.length - 1].improvement!)} (${sorted[sorted.length - 1].pattern}).`);
  }
  out.push(baselineSentence(c));
  if (c.baselines.runsNeededA !== null && c.baselines.runsNeededB !== null && Number.isFinite(c.baselines.runsNeededA + c.baselines.runsNeededB)) {
    out.push(`For the mean within ±${pct(c.precision)} at ${pct(c.confidence)} confidence, A needs ${c.baselines.runsNeededA} runs and B ${c.baselines.runsNeededB} (they have ${countOf(c, "A")} and ${countOf(c, "B")}).`);
  }
  const primary = mRun ?? cPattern ?? aPattern;
  const primaryName = mRun ? "M-Run" : cPattern ? "C-Pattern" : "A-Pattern";
  const gap = c.baselines.means - primary.improvement;
  if (Math.abs(gap) > DISAGREEMENT || Math.sign(c.baselines.means) !== Math.sign(primary.improvement)) out.push(mixSentence(c, gap, primaryName));
  const views = [
    ["M-Run", mRun?.improvement],
    ["C-Pattern", cPattern?.improvement],
    ["A-Pattern", aPattern.improvement],
    ["the means", c.baselines.means],
  ].filter((v): v is [string, number] => typeof v[1] === "number" && Math.abs(v[1]) > DISAGREEMENT / 2);
  if (views.some((v) => v[1] > 0) && views.some((v) => v[1] < 0)) {
    const side = (positive: boolean) => views.filter((v) => v[1] > 0 === positive).map((v) => v[0]).join(", ");
    out.push(`They do not even agree on the direction: ${side(true)} find B better, ${side(false)} find it worse.`);
  }
  const significant = c.baselines.mannWhitney.p < 1 - c.confidence;
  if (!significant && (mRun || cPattern) && Math.abs(primary.improvement) > DISAGREEMENT) {
    const why = c.patterns.patterns.length > 1 ? `: over all runs, the differences between patterns weigh against it` : "";
    out.push(`Mann–Whitney finds no significant difference over all runs (p = ${c.baselines.mannWhitney.p.toPrecision(2)}) where ${primaryName} sees ${signed(primary.improvement)}${why}.`);
  }
  const onlyA = c.rows.filter((r) => r.runsB === 0);
  const onlyB = c.rows.filter((r) => r.runsA === 0);
  if (onlyA.length || onlyB.length) {
    const list = (rows: PatternRow[], side: "A" | "B") => rows.map((r) => `${r.pattern} (${side === "A" ? r.runsA : r.runsB} ${plural(side === "A" ? r.runsA : r.runsB, "run")})`).join(", ");
    const parts = [onlyA.length ? `only A shows ${list(onlyA, "A")}` : null, onlyB.length ? `only B shows ${list(onlyB, "B")}` : null].filter(Boolean).join("; ");
    out.push(`${parts[0].toUpperCase()}${parts.slice(1)}${c.unmatched?.improvement != null ? `; compared with each other (the unmatched row), ${signed(c.unmatched.improvement)}` : ""}.`);
  }
  return out;
}

function baselineSentence(c: DesignComparison): string {
  const b = c.baselines;
  const welch = b.normality ? ` (Welch ${pct(c.confidence)} interval ${signed(b.normality.low)} to ${signed(b.normality.high)})` : "";
  const hl = b.hodgesLehmann.relative === null ? "Hodges–Lehmann shift 0" : `Hodges–Lehmann shift ${signed(b.hodgesLehmann.relative)} of A's median`;
  const visual = b.visual.overlap ? "the two means' intervals overlap (visual test: no significant difference)" : "the two means' intervals do not overlap (visual test: a significant difference)";
  return `Over all runs the means differ by ${signed(b.means)}${welch}; Mann–Whitney p = ${b.mannWhitney.p.toPrecision(2)}, ${hl}; B is lower in ${pct(b.bLowerPairs)} of run pairs; ${visual}.`;
}

/** Why the means differ from the strategies: the designs' pattern mixes, and how far apart the patterns lie. */
function mixSentence(c: DesignComparison, gap: number, primaryName: string): string {
  const shares = c.rows
    .filter((r) => Math.abs(r.shareA - r.shareB) >= 0.05)
    .map((r) => `${r.pattern}: A ${pct(r.shareA)}, B ${pct(r.shareB)}`)
    .join("; ");
  const speeds = c.rows
    .map((r) => ({ r, m: overallMean(r) }))
    .filter((x): x is { r: PatternRow; m: number } => x.m !== null)
    .sort((x, y) => x.m - y.m);
  const spread = speeds.length > 1 ? ` and ${speeds[speeds.length - 1].r.pattern}'s runs are ${pct(speeds[speeds.length - 1].m / speeds[0].m - 1)} higher than ${speeds[0].r.pattern}'s` : "";
  const mix = shares ? `The designs' runs fall into the patterns in different proportions (${shares})${spread}, so the difference of means mixes the change of design with the change of pattern mix (004 §5.2).` : "";
  return `The means and ${primaryName} disagree by ${Math.abs(gap * 100).toFixed(1)} points. ${mix}`.trim();
}

function overallMean(r: PatternRow): number | null {
  const n = (r.meanA !== null ? r.runsA : 0) + (r.meanB !== null ? r.runsB : 0);
  if (n === 0) return null;
  return ((r.meanA ?? 0) * (r.meanA !== null ? r.runsA : 0) + (r.meanB ?? 0) * (r.meanB !== null ? r.runsB : 0)) / n;
}

function countOf(c: DesignComparison, side: "A" | "B"): number {
  return c.patterns.runs.filter((r) => r.group === side && r.metric !== null).length;
}

function lowerOrHigher(x: number): string {
  return `${pct(Math.abs(x))} ${x >= 0 ? "lower" : "higher"}`;
}

function signed(x: number): string {
  return `${x >= 0 ? "+" : "−"}${pct(Math.abs(x))}`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
