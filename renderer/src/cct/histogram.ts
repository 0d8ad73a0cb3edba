// Histogram of one context's invocation times (run detail view): bins by the
// Freedman–Diaconis rule, the mean and median marked.
import type { EChartsOption } from "echarts";
import { quantileSorted } from "../../../engine/charts/quantiles.js";
import { unitFor } from "../../../engine/charts/units.js";
import type { ChartColors } from "../../../engine/charts/colors.js";

/** Bounds on the bin count: fewer hides shape, more than 80 is noise at this width. */
const MIN_BINS = 5;
const MAX_BINS = 80;
/** Mean and median closer than this share of the axis have their labels on two lines: a label
 * ("median", ~45 px at 12 px) is about 8% of the plot at the run page's width (~600 px). */
const LABELS_APART = 0.08;

export interface Bins {
  readonly start: number;
  readonly width: number;
  readonly counts: readonly number[];
}

/** Freedman–Diaconis bin width 2·IQR·n^(−1/3) (Freedman & Diaconis, 1981), clamped to MIN_BINS..MAX_BINS bins. */
export function histogramBins(values: readonly number[]): Bins {
  const s = [...values].sort((a, b) => a - b);
  const lo = s[0];
  const range = s[s.length - 1] - lo;
  if (range === 0) return { start: lo, width: 1, counts: [s.length] };
  const iqr = quantileSorted(s, 0.75) - quantileSorted(s, 0.25);
  const fd = iqr > 0 ? 2 * iqr * Math.cbrt(1 / s.length) : range / MIN_BINS;
  const bins = Math.min(MAX_BINS, Math.max(MIN_BINS, Math.ceil(range / fd)));
  const width = range / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of s) counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  return { start: lo, width, counts };
}

export function histogramOption(
  values: readonly number[],
  meanNs: number,
  medianNs: number,
  colors: ChartColors,
): EChartsOption {
  const b = histogramBins(values);
  const unit = unitFor(medianNs);
  const edge = (i: number) => (b.start + i * b.width) / unit.ns;
  return {
    animation: false,
    textStyle: { color: colors.text },
    // The y axis' title along the axis, not above it where the mean and median labels are (issue 31).
    grid: { left: 72, right: 24, top: 44, bottom: 48 },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "value",
      name: `invocation time (${unit.label})`,
      nameLocation: "middle",
      nameGap: 28,
      min: edge(0),
      max: edge(b.counts.length),
      axisLine: { lineStyle: { color: colors.axis } },
      splitLine: { show: false },
    },
    yAxis: {
      type: "value",
      name: "invocations",
      nameLocation: "middle",
      nameRotate: 90,
      nameGap: 44,
      minInterval: 1,
      axisLine: { lineStyle: { color: colors.axis } },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [
      {
        type: "bar",
        name: "invocations",
        barWidth: "96%",
        itemStyle: { color: colors.primary },
        data: b.counts.map((c, i) => [(edge(i) + edge(i + 1)) / 2, c]),
        markLine: {
          symbol: "none",
          label: { formatter: "{b}", color: colors.text },
          data: [
            { name: "mean", xAxis: meanNs / unit.ns, lineStyle: { color: colors.accent, type: "solid" } },
            {
              name: "median",
              xAxis: medianNs / unit.ns,
              lineStyle: { color: colors.text, type: "dashed" },
              // Close to the mean, its label one line higher so the two do not overlap.
              ...(Math.abs(meanNs - medianNs) < LABELS_APART * (edge(b.counts.length) - edge(0)) * unit.ns
                ? { label: { distance: 18 } }
                : {}),
            },
          ],
        },
      },
    ],
  };
}
