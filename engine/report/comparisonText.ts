// A design comparison by execution patterns (paper 004 §5) as text: the
// verdict, the strategies beside the baselines, the per-pattern table (Table 4
// with its unmatched row) and the matched runs; every figure a ratio in one
// convention (verdict/speedup.ts).
import type { DesignComparisonResult, PatternRow } from "../patterns/comparisonResult.js";
import type { Exporter } from "./exporter.js";
import { formatMeasure } from "../format/numbers.js";
import { ratioCell } from "./verdictText.js";
import { table } from "../format/text.js";

export function comparisonText(c: DesignComparisonResult): string {
  const m = (v: number | null) => formatMeasure(c.metric.unit, v);
  const s = c.strategies;
  const b = c.baselines;
  const names = c.labels;
  const none = ["-", "no common pattern", "-"];
  const measures: string[][] = [
    [
      "M-Run (matched runs)",
      ...(s.mRun ? ratioCell(s.mRun.speedup, names) : none),
      s.mRun ? `${s.mRun.basis} pairs` : "-",
    ],
    [
      "C-Pattern (common patterns)",
      ...(s.cPattern ? ratioCell(s.cPattern.speedup, names) : none),
      s.cPattern ? `${s.cPattern.basis} patterns` : "-",
    ],
    ["A-Pattern (all patterns)", ...ratioCell(s.aPattern.speedup, names), `${s.aPattern.basis} patterns`],
    [
      `ratio of means (Welch ${(c.confidence * 100).toFixed(0)}%)`,
      ...ratioCell(b.means, names),
      `${m(b.meanA)} and ${m(b.meanB)}; runs needed for ±${(c.precision * 100).toFixed(1)}%: ${names.a} ${b.runsNeededA ?? "-"}, ${names.b} ${b.runsNeededB ?? "-"}`,
    ],
    [
      "Hodges–Lehmann ratio",
      ...ratioCell(b.medians, names),
      `Mann–Whitney p = ${b.mannWhitney.p.toPrecision(3)}, U = ${b.mannWhitney.u}, ${b.mannWhitney.method}`,
    ],
    [
      "visual test",
      b.visual.overlap ? "overlap" : "no overlap",
      "",
      "",
      `${names.a} ${m(b.visual.a.low)} … ${m(b.visual.a.high)}, ${names.b} ${m(b.visual.b.low)} … ${m(b.visual.b.high)}`,
    ],
    [`${names.b} lower in run pairs`, `${(b.bLowerPairs * 100).toFixed(1)}%`, "", "", ""],
  ];
  const row = (r: PatternRow) => [
    r.pattern,
    String(r.runsA),
    String(r.runsB),
    `${(r.shareA * 100).toFixed(0)}%`,
    `${(r.shareB * 100).toFixed(0)}%`,
    m(r.meanA),
    m(r.meanB),
    ratioCell(r.speedup, names)[0],
  ];
  return [
    `A: ${names.a}`,
    `B: ${names.b}`,
    `${c.metric.title}; ratio: the slower design's over the faster one's`,
    "",
    ...c.verdict,
    "",
    table(["strategy or baseline", "ratio", "interval", "faster", "on"], measures, new Set([0, 3, 4])),
    "",
    "Per pattern (004 Table 4):",
    table(
      ["pattern", "runs A", "runs B", "share A", "share B", "mean A", "mean B", "ratio"],
      [...c.rows, ...(c.unmatched ? [c.unmatched] : [])].map(row),
      new Set([0]),
    ),
    "",
    `Matched runs (${c.matched.length}):`,
    table(
      ["pattern", "run A", "run B", "A", "B", "distance"],
      c.matched.map((p) => [
        p.pattern,
        String(p.runA),
        String(p.runB),
        m(p.metricA),
        m(p.metricB),
        p.distance.toFixed(3),
      ]),
      new Set([0]),
    ),
    ...c.patterns.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

export const designComparisonText: Exporter<DesignComparisonResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (c) => comparisonText(c) + "\n",
};
