// The text of a project's history (history.project) as `varbench history` prints it and the workbench's
// Text export downloads it: the method and its parameters, each series' change points with their sizes,
// each change point's explanation (its contexts, and the analyses' findings when they are there), and the
// environment changes, said as such and never as regressions.
import { formatMeasure, formatRatio } from "../format/numbers.js";
import { MEASURE_INFO } from "../campaign/measures.js";
import type { HistoryChange, HistorySeries } from "../history/history.js";
import type { HistoryExplanation, HistoryReport } from "./types.js";
import { contextLine } from "../history/explainContexts.js";

export const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

/** The method and its parameters, in words (the text's second line, the workbench's caption). */
export function methodText(r: HistoryReport): string {
  const m = r.method;
  return `${m.name}; α = ${m.alpha}, at least ${m.minSegment} versions a side, each version's median run; at most ${m.maxPermutations} permutations a test (stopped after ${m.sequentialExceedances} reach the statistic); false-discovery rate ${m.fdr} over ${m.tested} series tested (${m.selected} with a change; further change points at ${m.withinLevel.toPrecision(2)})${m.minMagnitude > 0 ? `; changes under ${pct(m.minMagnitude)} left out` : ""}`;
}

export function historyText(r: HistoryReport): string {
  const m = r.method;
  const label = (v: number) => r.versions[v]?.label ?? `#${v}`;
  const lines = [
    `history of ${r.project}: ${r.versions.length} version(s), ${r.order}: ${r.versions.map((v) => v.label).join(", ")}`,
    `method: ${methodText(r)}`,
  ];
  for (const n of r.notes) lines.push(`note: ${n}`);
  if (r.series.length === 0) lines.push("no series: no measured runs of this project match");
  for (const [si, s] of r.series.entries())
    lines.push(
      "",
      ...seriesText(
        s,
        label,
        r.explanations.filter((e) => e.series === si),
        m.minSegment,
      ),
    );
  if (r.environmentChanges.length > 0) {
    lines.push("", "environment changes (never compared as regressions: the series are apart on either side):");
    for (const e of r.environmentChanges)
      lines.push(`  ${e.design} × ${e.workload}: ${label(e.from)} → ${label(e.to)}: ${e.before}  →  ${e.after}`);
  }
  return lines.join("\n");
}

function seriesText(
  s: HistorySeries,
  label: (v: number) => string,
  explanations: readonly HistoryExplanation[],
  minSegment: number,
): string[] {
  const unit = MEASURE_INFO[s.metric].unit;
  const head = `${s.design} × ${s.workload}, ${MEASURE_INFO[s.metric].title} [${s.environment}]: ${s.points.length} version(s)`;
  if (s.pValue === null)
    return [
      `${head}: too few versions to test: ${2 * minSegment} needed, at least ${minSegment} on each side of a change (--min-segment)`,
    ];
  const out = [head];
  for (const [ci, c] of s.changes.entries()) {
    out.push(`  ${changeText(c, label)}`, `    ${sidesText(s, c, unit)}`);
    const e = explanations.find((x) => x.change === ci);
    if (e) out.push(...explanationText(e, label));
  }
  if (s.changes.length === 0) out.push(`  no change point (p = ${s.pValue.toPrecision(2)})`);
  if (s.small > 0) out.push(`  ${s.small} significant change point(s) under --min-magnitude left out`);
  return out;
}

/** The contexts whose own time (or calls, for a series of calls) per run changed most between the versions nearest the change. */
function explanationText(e: HistoryExplanation, label: (v: number) => string): string[] {
  const versions = (vs: readonly number[]) => vs.map(label).join(", ");
  if (e.note !== null && e.contexts.length === 0) return [`    why: ${e.note}`, ...findingsText(e)];
  const out = [
    `    why: contexts whose ${e.contextsBy === "calls" ? "calls" : "own time"} per run changed most, ${e.runsBefore} traced run(s) of ${versions(e.versionsBefore)} against ${e.runsAfter} of ${versions(e.versionsAfter)}:`,
  ];
  for (const c of e.contexts) out.push(`      ${contextLine(c, e.contextsBy)}`);
  return [...out, ...findingsText(e)];
}

/** Every analysis' finding, ranked by its share of the change; the contexts' details are the lines above. */
function findingsText(e: HistoryExplanation): string[] {
  if (!e.findings || e.findings.length === 0) return [];
  const out = ["    findings, ranked by the share of the change each accounts for:"];
  for (const f of e.findings) {
    out.push(`      ${String(Math.round(f.score * 100)).padStart(3)}%  ${f.analysis}: ${f.summary}`);
    if (f.analysis !== "contexts" || e.contexts.length === 0) for (const d of f.details) out.push(`              ${d}`);
  }
  return out;
}

/** The median of each side's version medians, in the measure's unit. */
export function sidesText(s: HistorySeries, c: HistoryChange, unit: "ns" | "KiB" | "count"): string {
  const median = (lo: number, hi: number) => {
    const v = s.points
      .filter((p) => p.version >= lo && p.version <= hi)
      .map((p) => p.median)
      .sort((a, b) => a - b);
    return v.length % 2 === 1 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  return `median ${formatMeasure(unit, median(...c.sides.before))} before, ${formatMeasure(unit, median(...c.sides.after))} after`;
}

export function changeText(c: HistoryChange, label: (v: number) => string): string {
  const what = c.regression ? "regression" : "improvement";
  const size =
    c.ratio === null
      ? "its size cannot be put as a ratio (values not positive)"
      : `×${formatRatio(c.ratio.estimate)} (${pct(c.ratio.estimate - 1)}; ${Math.round(c.ratio.confidence * 100)}% interval ${Number.isFinite(c.ratio.low) ? pct(c.ratio.low - 1) : "-∞"} to ${Number.isFinite(c.ratio.high) ? pct(c.ratio.high - 1) : "+∞"})`;
  return `${what} at ${label(c.after)} (after ${label(c.before)}): ${size}, p = ${c.pValue.toPrecision(2)} (${c.permutations} permutations); versions ${label(c.sides.before[0])}–${label(c.sides.before[1])} against ${label(c.sides.after[0])}–${label(c.sides.after[1])}`;
}
