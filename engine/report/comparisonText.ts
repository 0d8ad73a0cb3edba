// A design comparison by execution patterns (paper 004 §5) as text: the
// verdict, the strategies beside the baselines, the per-pattern table (Table 4
// with its unmatched row) and the matched runs.
import type { DesignComparisonResult, PatternRow } from "../patterns/comparisonResult.js";
import type { Exporter } from "./exporter.js";
import { table } from "./format.js";
import { formatMetric } from "./patternsText.js";

const pct = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? "-" : `${x >= 0 ? "+" : "−"}${(Math.abs(x) * 100).toFixed(2)}%`);

export function comparisonText(c: DesignComparisonResult): string {
  const m = (v: number | null) => formatMetric(c.metric, v);
  const s = c.strategies;
  const b = c.baselines;
  const measures: string[][] = [
    ["M-Run (matched runs)", pct(s.mRun?.improvement), s.mRun ? `${s.mRun.basis} pairs` : "no common pattern"],
    ["C-Pattern (common patterns)", pct(s.cPattern?.improvement), s.cPattern ? `${s.cPattern.basis} patterns` : "no common pattern"],
    ["A-Pattern (all patterns)", pct(s.aPattern.improvement), `${s.aPattern.basis} patterns`],
    ["difference of means", pct(b.means), `${m(b.meanA)} → ${m(b.meanB)}`],
    [`normality (Welch ${(c.confidence * 100).toFixed(0)}%)`, b.normality ? `${pct(b.normality.low)} … ${pct(b.normality.high)}` : "-", `runs needed for ±${(c.precision * 100).toFixed(1)}%: A ${b.runsNeededA ?? "-"}, B ${b.runsNeededB ?? "-"}`],
    ["Mann–Whitney U", `p = ${b.mannWhitney.p.toPrecision(3)}`, `U = ${b.mannWhitney.u}, ${b.mannWhitney.method}`],
    ["Hodges–Lehmann shift (A − B)", pct(b.hodgesLehmann.relative), `${m(b.hodgesLehmann.shift)} (${m(b.hodgesLehmann.low)} … ${m(b.hodgesLehmann.high)}, ${(b.hodgesLehmann.confidence * 100).toFixed(1)}%)`],
    ["visual test", b.visual.overlap ? "overlap" : "no overlap", `A ${m(b.visual.a.low)} … ${m(b.visual.a.high)}, B ${m(b.visual.b.low)} … ${m(b.visual.b.high)}`],
    ["B lower in run pairs", `${(b.bLowerPairs * 100).toFixed(1)}%`, ""],
  ];
  const row = (r: PatternRow) => [r.pattern, String(r.runsA), String(r.runsB), `${(r.shareA * 100).toFixed(0)}%`, `${(r.shareB * 100).toFixed(0)}%`, m(r.meanA), m(r.meanB), pct(r.improvement)];
  return [
    `A: ${c.labels.a}`,
    `B: ${c.labels.b}`,
    `${c.metric.title}; improvement = (A − B) / A, positive when B is lower`,
    "",
    ...c.verdict,
    "",
    table(["strategy or baseline", "improvement", "on"], measures, new Set([0, 2])),
    "",
    "Per pattern (004 Table 4):",
    table(["pattern", "runs A", "runs B", "share A", "share B", "mean A", "mean B", "improvement"], [...c.rows, ...(c.unmatched ? [c.unmatched] : [])].map(row), new Set([0])),
    "",
    `Matched runs (${c.matched.length}):`,
    table(["pattern", "run A", "run B", "A", "B", "distance"], c.matched.map((p) => [p.pattern, String(p.runA), String(p.runB), m(p.metricA), m(p.metricB), p.distance.toFixed(3)]), new Set([0])),
    ...c.patterns.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

export const designComparisonText: Exporter<DesignComparisonResult> = { mediaType: "text/plain", extension: "txt", render: (c) => comparisonText(c) + "\n" };
