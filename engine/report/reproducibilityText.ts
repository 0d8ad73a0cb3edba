// A reproducibility check by execution patterns (paper 004 §5.3, Table 3) as
// text: each reference pattern's recorded metric against the new runs that
// reproduce it, and the runs that show a pattern never recorded.
import type { ReproducibilityResult } from "../patterns/reproducibility.js";
import type { Exporter } from "./exporter.js";
import { table } from "../format/text.js";
import { formatMetric } from "../format/numbers.js";

const pct = (x: number | null) => (x === null ? "-" : `${x >= 0 ? "+" : "−"}${(Math.abs(x) * 100).toFixed(2)}%`);

export function reproducibilityText(r: ReproducibilityResult): string {
  const m = (v: number | null) => formatMetric(r.metric, v);
  return [
    `${r.checked} checked against the execution patterns of ${r.reference} (paper 004 §5.3), ${r.metric.title}`,
    "",
    table(
      ["pattern", "recorded runs", "recorded mean", "new runs", "new mean", "difference"],
      r.patterns.map((p) => [
        p.pattern,
        String(p.recordedRuns),
        m(p.recordedMean),
        String(p.repeatRuns),
        m(p.repeatMean),
        pct(p.deviation),
      ]),
      new Set([0]),
    ),
    "",
    table(
      ["run", "nearest pattern", "distance", "new-pattern threshold", r.metric.name, "against the record"],
      r.runs.map((x) => [
        String(x.runId),
        x.isNew ? `new (nearest ${x.nearest})` : x.nearest,
        x.distance.toFixed(3),
        x.threshold.toFixed(3),
        m(x.metric),
        x.isNew ? `new: ${x.reason}` : pct(x.deviation),
      ]),
      new Set([1, 5]),
    ),
    "",
    r.newPatterns === 0
      ? "Every run reproduces a recorded pattern."
      : `${r.newPatterns} ${r.newPatterns === 1 ? "run shows" : "runs show"} a pattern the reference never did: add them to the record, or find out what changed.`,
  ].join("\n");
}

export const reproducibilityTextExporter: Exporter<ReproducibilityResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => reproducibilityText(r) + "\n",
};
