// A project's history as the page shows it: one chart per design × workload × measure, holding each
// environment's series (engine/history keeps them apart), with the environment changes between them; and
// each change point's size in words, as `varbench history` writes it (api/historyText.ts).
import type { HistoryExplanation, HistoryReport } from "../../../engine/api/types.js";
import type { HistoryChange, HistorySeries } from "../../../engine/history/history.js";
import type { EnvironmentChange } from "../../../engine/history/series.js";
import type { MeasureName } from "../../../engine/campaign/measures.js";
import { formatRatio } from "../../../engine/format/numbers.js";
import { pct } from "../../../engine/api/historyText.js";

export interface HistoryGroup {
  readonly key: string;
  readonly design: string;
  readonly workload: string;
  readonly metric: MeasureName;
  /** The group's series, each with its index in the report (explanations name series by it). */
  readonly series: readonly { readonly series: HistorySeries; readonly index: number }[];
  readonly environmentChanges: readonly EnvironmentChange[];
}

/** One change point as the list beside the charts names it. */
export interface ChangeEntry {
  readonly series: HistorySeries;
  readonly seriesIndex: number;
  readonly change: HistoryChange;
  readonly changeIndex: number;
  readonly explanation: HistoryExplanation | null;
}

const keyOf = (x: { design: string; workload: string; metric: MeasureName }) =>
  JSON.stringify([x.design, x.workload, x.metric]);

export function historyGroups(r: HistoryReport): HistoryGroup[] {
  const groups = new Map<
    string,
    { design: string; workload: string; metric: MeasureName; series: HistoryGroup["series"][number][] }
  >();
  for (const [index, s] of r.series.entries()) {
    const key = keyOf(s);
    const g = groups.get(key) ?? { design: s.design, workload: s.workload, metric: s.metric, series: [] };
    g.series.push({ series: s, index });
    groups.set(key, g);
  }
  return [...groups.entries()].map(([key, g]) => ({
    key,
    ...g,
    environmentChanges: r.environmentChanges.filter((e) => keyOf(e) === key),
  }));
}

/** Every change point of the report, in the series' order and then the versions'. */
export function changeEntries(r: HistoryReport): ChangeEntry[] {
  return r.series.flatMap((series, seriesIndex) =>
    series.changes.map((change, changeIndex) => ({
      series,
      seriesIndex,
      change,
      changeIndex,
      explanation: r.explanations.find((e) => e.series === seriesIndex && e.change === changeIndex) ?? null,
    })),
  );
}

/** A change's size: short for a chart's label, long (with its interval) for the tooltip and the list. */
export function changeSize(c: HistoryChange): { short: string; long: string } {
  if (c.ratio === null) return { short: "", long: "its size cannot be put as a ratio (values not positive)" };
  const { estimate, low, high, confidence } = c.ratio;
  const bound = (x: number, inf: string) => (Number.isFinite(x) ? pct(x - 1) : inf);
  return {
    short: `×${formatRatio(estimate)} (${pct(estimate - 1)})`,
    long: `×${formatRatio(estimate)} (${pct(estimate - 1)}; ${Math.round(confidence * 100)}% interval ${bound(low, "-∞")} to ${bound(high, "+∞")})`,
  };
}
