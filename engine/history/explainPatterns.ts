// The execution-patterns finding of a change point (paper 004; findings.ts): the runs before and after
// clustered together as two designs are (004 §5.1: common and unique patterns), read as a shift of the
// pattern distribution (004 Fig. 15): patterns that appeared (only after), vanished (only before), or
// whose share of runs changed. The change of the mean measure splits exactly into the runs' moving
// between patterns, Σ_p (s'_p − s_p)·m_p with m_p the pattern's mean over both sides, and the change
// within patterns, Σ_p (s'_p·m'_p − s_p·m_p) − that; the score is the first's share of the whole.

import { cannotAnswer, shareOf, type HistoryFinding } from "./findings.js";

/** A pattern's row as the design comparison gives it (patterns/comparisonResult.ts PatternRow). */
export interface PatternShift {
  readonly pattern: string;
  readonly runsA: number;
  readonly runsB: number;
  readonly shareA: number;
  readonly shareB: number;
  readonly meanA: number | null;
  readonly meanB: number | null;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Splits the change of the mean into the part due to runs moving between patterns and the rest. */
export function mixShift(rows: readonly PatternShift[]): { before: number; after: number; between: number } {
  let before = 0;
  let after = 0;
  let between = 0;
  for (const r of rows) {
    const n = r.runsA + r.runsB;
    if (n === 0) continue;
    const pooled = (r.runsA * (r.meanA ?? 0) + r.runsB * (r.meanB ?? 0)) / n;
    before += r.shareA * (r.meanA ?? 0);
    after += r.shareB * (r.meanB ?? 0);
    between += (r.shareB - r.shareA) * pooled;
  }
  return { before, after, between };
}

/** `format` writes a value of the measure. */
export function patternsFinding(rows: readonly PatternShift[], format: (v: number | null) => string): HistoryFinding {
  const seen = rows.filter((r) => r.runsA + r.runsB > 0);
  const line = (r: PatternShift) =>
    `${r.pattern}: ${r.runsA} run(s) before (${pct(r.shareA)}), ${r.runsB} after (${pct(r.shareB)}); mean ${format(r.meanA)} → ${format(r.meanB)}${r.runsA === 0 ? ", appeared" : r.runsB === 0 ? ", vanished" : ""}`;
  const details = seen.map(line);
  if (seen.length <= 1)
    return {
      ...cannotAnswer(
        "execution-patterns",
        "one execution pattern before and after: the runs kept their shape, the change is within it",
      ),
      details,
    };
  if (!seen.some((r) => r.runsA > 0 && r.runsB > 0))
    // No run kept a shape to compare against (004 §5.1 matches runs within common patterns only): the
    // patterns say that every run changed, which is the change point itself, not a part of it.
    return {
      ...cannotAnswer(
        "execution-patterns",
        "no execution pattern is common to both sides: every run changed its shape, so the patterns cannot tell a shift of shapes from the change itself",
      ),
      details,
    };
  const { before, after, between } = mixShift(seen);
  const appeared = seen.filter((r) => r.runsA === 0).map((r) => r.pattern);
  const vanished = seen.filter((r) => r.runsB === 0).map((r) => r.pattern);
  const moved = [...seen].sort((x, y) => Math.abs(y.shareB - y.shareA) - Math.abs(x.shareB - x.shareA))[0];
  const what = [
    appeared.length > 0 ? `${appeared.join(", ")} appeared` : "",
    vanished.length > 0 ? `${vanished.join(", ")} vanished` : "",
    appeared.length + vanished.length === 0
      ? `${moved.pattern}'s share of runs moved ${pct(moved.shareA)} → ${pct(moved.shareB)}`
      : "",
  ].filter((x) => x !== "");
  const score = shareOf(between, after - before);
  return {
    analysis: "execution-patterns",
    summary: `${what.join("; ")}: runs moving between patterns account for ${pct(score)} of the change of the mean, ${format(before)} → ${format(after)}`,
    details,
    score,
  };
}
