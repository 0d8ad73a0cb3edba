// A verdict (verdict/designVerdict.ts) as text for the terminal: the answer in
// one sentence, then every workload in workload order with both designs'
// numbers, the ratio and its interval, the rank test and the median ratio,
// the overall line and how it pooled, and the tracer's estimated cost.
import type { DesignVerdict, WorkloadVerdict } from "../verdict/designVerdict.js";
import type { Speedup } from "../verdict/speedup.js";
import type { Exporter } from "./exporter.js";
import { formatMeasure, formatRatio, grouped } from "../format/numbers.js";
import { table } from "../format/text.js";

/** "4.21 (3.93–4.52)" in the lower design's favour, with the design named. */
export function ratioCell(s: Speedup | null, names: { a: string; b: string }): [string, string, string] {
  if (!s) return ["-", "-", "-"];
  const interval = s.interval ? `${formatRatio(s.interval.low)} to ${formatRatio(s.interval.high)}` : "no interval";
  const faster = s.faster === null ? "neither shown" : s.faster === "A" ? names.a : names.b;
  const lower = s.lower === null ? "" : ` (${s.lower === "A" ? names.a : names.b} lower)`;
  return [`${formatRatio(s.ratio)}${s.faster === null ? lower : ""}`, interval, faster];
}

/** The faster column of a workload the tracer's cost may decide: not settled. */
export function settledCell(cells: [string, string, string], settled: boolean): [string, string, string] {
  return settled ? cells : [cells[0], cells[1], "not settled"];
}

export function verdictText(v: DesignVerdict): string {
  const names = v.labels;
  const unit = v.measure.unit;
  const conf = `${Math.round(100 * v.confidence)}%`;
  const row = (w: WorkloadVerdict) => [
    w.workload,
    String(w.a.n),
    String(w.b.n),
    formatMeasure(unit, w.a.mean),
    formatMeasure(unit, w.b.mean),
    ...settledCell(ratioCell(w.speedup, names), w.settled),
    w.mannWhitney ? w.mannWhitney.p.toPrecision(2) : "-",
    w.medianSpeedup
      ? `${formatRatio(w.medianSpeedup.ratio)} ${w.medianSpeedup.lower === null ? "" : w.medianSpeedup.lower === "A" ? names.a : names.b} lower`
      : "-",
  ];
  const rows = v.workloads.map(row);
  if (v.overall)
    rows.push([
      `all ${v.workloads.length} (geometric mean)`,
      "",
      "",
      "",
      "",
      ...ratioCell(v.overall.speedup, names),
      "",
      "",
    ]);
  const out = [
    `A: ${names.a}   B: ${names.b}   measure: ${v.measure.title}, from ${v.basis}`,
    "",
    v.sentence,
    "",
    table(
      [
        "workload",
        "runs A",
        "runs B",
        `mean A`,
        `mean B`,
        "ratio",
        `${conf} interval`,
        "faster",
        "Mann–Whitney p",
        "median ratio",
      ],
      rows,
      new Set([0, 7, 9]),
    ),
    "",
    `ratio: the slower design's mean over the faster one's; interval: Welch's on the log scale${v.overall ? "; the overall line is the geometric mean of the workloads' ratios" : ""}.`,
    `${v.measure.title}: ${v.measure.description}.`,
    ...toolCostLines(v),
    ...v.workloads.flatMap((w) => w.disagreements.map((d) => `${w.workload}: ${d}.`)),
    ...v.warnings.map((w) => `warning: ${w}.`),
    ...v.notes.map((n) => `note: ${n}.`),
  ];
  return out.join("\n") + "\n";
}

function toolCostLines(v: DesignVerdict): string[] {
  const c = v.calibration;
  const costs = v.workloads.filter((w) => w.toolCost);
  if (!c || costs.length === 0) return [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return [
    "",
    `${c.tool}'s own cost: about ${c.nsPerCall.toFixed(0)} ns a recorded call on this machine (${c.low.toFixed(0)}–${c.high.toFixed(0)}; measured ${c.measuredAt.slice(0, 10)}: ${c.how}).`,
    table(
      ["workload", "calls A", "calls B", "cost A", "cost B", "ratio without it"],
      costs.map((w) => {
        const t = w.toolCost!;
        const [ratio, , faster] = ratioCell(t.adjusted, v.labels);
        return [
          w.workload,
          grouped(Math.round(t.a.callsPerRun)),
          grouped(Math.round(t.b.callsPerRun)),
          `${formatMeasure("ns", t.a.meanNs)} (${pct(t.a.share)})`,
          `${formatMeasure("ns", t.b.meanNs)} (${pct(t.b.share)})`,
          `${ratio}, ${faster}`,
        ];
      }),
      new Set([0, 5]),
    ),
  ];
}

export const verdictTextExporter: Exporter<DesignVerdict> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (v) => verdictText(v),
};
