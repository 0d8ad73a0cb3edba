// A design comparison in plain words: what the pattern strategies (004 §5.2)
// and the baselines (§2.1) each say, and where they disagree and why — the
// paper's point is that means over all runs mix the design's effect with the
// mix of execution patterns each design's runs happened to fall into. Every
// figure is a ratio in one convention (verdict/speedup.ts).
import type { DesignComparison, PatternRow } from "./comparisonResult.js";
import { bOverA, speedupClaim, speedupSentence, type Speedup } from "../verdict/speedup.js";
import { formatRatio } from "../format/numbers.js";

/** Two estimates disagree when their ratios differ by more than this on the log scale (about 1%). */
export const DISAGREEMENT = 0.01;
/** Two point estimates (no interval to judge by) disagree beyond a tenth: the run-to-run noise of a few runs. */
const POINT_DISAGREEMENT = 0.1;

/** ln(B/A): negative when B is lower (faster). */
const logBA = (s: Speedup) => Math.log(bOverA(s));

export function verdict(c: DesignComparison): string[] {
  const out: string[] = [];
  const names = c.labels;
  const { mRun, cPattern, aPattern } = c.strategies;
  const common = c.rows.filter((r) => r.speedup !== null);
  if (mRun)
    out.push(
      `Under matched runs (M-Run, ${mRun.basis} matched ${plural(mRun.basis, "pair")} in ${common.length} common ${plural(common.length, "pattern")}): ${speedupSentence(mRun.speedup, names)}.`,
    );
  else
    out.push(
      `${names.a} and ${names.b} share no execution pattern, so no run of one can be matched with one of the other: M-Run and C-Pattern cannot compare them.`,
    );
  const points = [
    cPattern
      ? `over the ${cPattern.basis} common ${plural(cPattern.basis, "pattern")} (C-Pattern), ${speedupClaim(cPattern.speedup, names)}`
      : null,
    `over all ${aPattern.basis} ${plural(aPattern.basis, "pattern")} (A-Pattern), ${speedupClaim(aPattern.speedup, names)}`,
  ];
  out.push(`Pattern by pattern, ${points.filter(Boolean).join("; ")}.`);
  if (common.length > 1) {
    const sorted = [...common].sort((x, y) => logBA(x.speedup!) - logBA(y.speedup!));
    const bLower = common.filter((r) => r.speedup!.lower === "B").length;
    out.push(
      `${names.b} is lower in ${bLower} of ${common.length} common patterns, from ${ratioOf(sorted[0].speedup!, names)} (${sorted[0].pattern}) to ${ratioOf(sorted[sorted.length - 1].speedup!, names)} (${sorted[sorted.length - 1].pattern}).`,
    );
  }
  out.push(baselineSentence(c));
  if (
    c.baselines.runsNeededA !== null &&
    c.baselines.runsNeededB !== null &&
    Number.isFinite(c.baselines.runsNeededA + c.baselines.runsNeededB)
  ) {
    out.push(
      `For the mean within ±${pct(c.precision)} at ${pct(c.confidence)} confidence, ${names.a} needs ${c.baselines.runsNeededA} runs and ${names.b} ${c.baselines.runsNeededB} (they have ${countOf(c, "A")} and ${countOf(c, "B")}).`,
    );
  }
  const primary = (mRun ?? cPattern ?? aPattern).speedup;
  const primaryName = mRun ? "M-Run" : cPattern ? "C-Pattern" : "A-Pattern";
  const means = c.baselines.means;
  if (means && disagree(means, primary)) out.push(mixSentence(c, primaryName));
  const views = [
    ["M-Run", mRun?.speedup],
    ["C-Pattern", cPattern?.speedup],
    ["A-Pattern", aPattern.speedup],
    ["the means", means],
  ].filter(
    (v): v is [string, Speedup] =>
      typeof v[1] === "object" && v[1] !== null && Math.abs(logBA(v[1])) > DISAGREEMENT / 2,
  );
  if (views.some((v) => v[1].lower === "A") && views.some((v) => v[1].lower === "B")) {
    const side = (s: "A" | "B") =>
      views
        .filter((v) => v[1].lower === s)
        .map((v) => v[0])
        .join(", ");
    out.push(
      `They do not even agree on the direction: ${side("B")} find ${names.b} lower, ${side("A")} find ${names.a} lower.`,
    );
  }
  const significant = c.baselines.mannWhitney.p < 1 - c.confidence;
  if (!significant && (mRun || cPattern) && Math.abs(logBA(primary)) > DISAGREEMENT) {
    const why =
      c.patterns.patterns.length > 1 ? ": over all runs, the differences between patterns weigh against it" : "";
    out.push(
      `Mann–Whitney finds no significant difference over all runs (p = ${c.baselines.mannWhitney.p.toPrecision(2)}) where ${primaryName} sees ${ratioOf(primary, names)}${why}.`,
    );
  }
  const onlyA = c.rows.filter((r) => r.runsB === 0);
  const onlyB = c.rows.filter((r) => r.runsA === 0);
  if (onlyA.length || onlyB.length) {
    const list = (rows: PatternRow[], side: "A" | "B") =>
      rows
        .map(
          (r) =>
            `${r.pattern} (${side === "A" ? r.runsA : r.runsB} ${plural(side === "A" ? r.runsA : r.runsB, "run")})`,
        )
        .join(", ");
    const parts = [
      onlyA.length ? `only ${names.a} shows ${list(onlyA, "A")}` : null,
      onlyB.length ? `only ${names.b} shows ${list(onlyB, "B")}` : null,
    ]
      .filter(Boolean)
      .join("; ");
    const unmatched = c.unmatched?.speedup
      ? `; compared with each other (the unmatched row), ${speedupClaim(c.unmatched.speedup, names)}`
      : "";
    out.push(`${parts[0].toUpperCase()}${parts.slice(1)}${unmatched}.`);
  }
  return out;
}

function baselineSentence(c: DesignComparison): string {
  const b = c.baselines;
  const names = c.labels;
  const means = b.means
    ? `the ratio of means says ${speedupClaim(b.means, names)}`
    : "the means are not positive, so no ratio is formed";
  const medians = b.medians ? `; run against run (Hodges–Lehmann), ${speedupClaim(b.medians, names)}` : "";
  const visual = b.visual.overlap
    ? "the two means' intervals overlap (visual test: no significant difference)"
    : "the two means' intervals do not overlap (visual test: a significant difference)";
  return `Over all runs, ${means}${medians}; Mann–Whitney p = ${b.mannWhitney.p.toPrecision(2)}; ${names.b} is lower in ${pct(b.bLowerPairs)} of run pairs; ${visual}.`;
}

/** Why the means differ from the strategies: the designs' pattern mixes, and how far apart the patterns lie. */
function mixSentence(c: DesignComparison, primaryName: string): string {
  const shares = c.rows
    .filter((r) => Math.abs(r.shareA - r.shareB) >= 0.05)
    .map((r) => `${r.pattern}: ${c.labels.a} ${pct(r.shareA)}, ${c.labels.b} ${pct(r.shareB)}`)
    .join("; ");
  const speeds = c.rows
    .map((r) => ({ r, m: overallMean(r) }))
    .filter((x): x is { r: PatternRow; m: number } => x.m !== null)
    .sort((x, y) => x.m - y.m);
  const spread =
    speeds.length > 1
      ? ` and ${speeds[speeds.length - 1].r.pattern}'s runs are ${formatRatio(speeds[speeds.length - 1].m / speeds[0].m)} times ${speeds[0].r.pattern}'s`
      : "";
  const mix = shares
    ? ` The designs' runs fall into the patterns in different proportions (${shares})${spread}, so the ratio of means mixes the change of design with the change of pattern mix (004 §5.2).`
    : "";
  return `The ratio of means and ${primaryName} disagree.${mix}`;
}

function overallMean(r: PatternRow): number | null {
  const n = (r.meanA !== null ? r.runsA : 0) + (r.meanB !== null ? r.runsB : 0);
  if (n === 0) return null;
  return ((r.meanA ?? 0) * (r.meanA !== null ? r.runsA : 0) + (r.meanB ?? 0) * (r.meanB !== null ? r.runsB : 0)) / n;
}

/** "1.24 with merge lower". */
function ratioOf(s: Speedup, names: { a: string; b: string }): string {
  return s.lower === null ? "1, alike" : `${formatRatio(s.ratio)} with ${s.lower === "A" ? names.a : names.b} lower`;
}

/** Two estimates disagree where their intervals are disjoint (or one's point lies outside the other's
 * interval), or, both points alone, where they differ by more than a tenth: noise within intervals is not
 * a disagreement. */
function disagree(x: Speedup, y: Speedup): boolean {
  const logBAOf = (s: Speedup) => logBA(s);
  const range = (s: Speedup) =>
    s.interval
      ? s.lower === "A"
        ? [Math.log(s.interval.low), Math.log(s.interval.high)]
        : [-Math.log(s.interval.high), -Math.log(s.interval.low)]
      : null;
  const [rx, ry] = [range(x), range(y)];
  if (rx && ry) return rx[1] < ry[0] || ry[1] < rx[0];
  if (rx) return logBAOf(y) < rx[0] || logBAOf(y) > rx[1];
  if (ry) return logBAOf(x) < ry[0] || logBAOf(x) > ry[1];
  return Math.abs(logBAOf(x) - logBAOf(y)) > POINT_DISAGREEMENT;
}

function countOf(c: DesignComparison, side: "A" | "B"): number {
  return c.patterns.runs.filter((r) => r.group === side && r.metric !== null).length;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
