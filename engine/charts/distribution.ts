// Distributions of a measure side by side (campaign view, design comparison):
// a Tukey box per group, its outliers, and every measured run as a point
// jittered across the box, so a reader sees both the summary and the data.
import type { EChartsOption } from "echarts";
import { boxStats } from "./quantiles.js";
import { measureUnitFor } from "./units.js";
import type { ChartColors } from "./colors.js";
import { html } from "./chartText.js";

export interface DistributionGroup {
  readonly label: string;
  readonly values: readonly number[];
}

/** What the values are: the measure's title for the axis, and its unit (campaign/measures.ts). */
export interface DistributionAxis {
  readonly title: string;
  readonly unit: "ns" | "KiB" | "count";
}

/** Half-width of the jitter of run points, in category widths. */
const JITTER = 0.1;

/** A deterministic jitter in [−1, 1] per point (the same data draw the same picture). */
function jitter(i: number): number {
  const x = Math.sin((i + 1) * 12.9898) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

export function distributionOption(
  groups: readonly DistributionGroup[],
  colors: ChartColors,
  axis: DistributionAxis,
): EChartsOption {
  let largest = 0;
  for (const g of groups) for (const v of g.values) largest = Math.max(largest, v);
  const unit = measureUnitFor(axis.unit, largest);
  const scale = (v: number) => v / unit.ns;
  const stats = groups.map((g) => (g.values.length > 0 ? boxStats(g.values) : null));
  return {
    animation: false,
    textStyle: { color: colors.text },
    // The axis is named along its side: a measure's name ("traced on-CPU time (ms)") is wider than the margin above it.
    grid: { left: 84, right: 24, top: 16, bottom: 72 },
    tooltip: { trigger: "item" },
    // Points sit on a hidden value axis aligned with the categories (index i at the centre of category i), so they can be jittered.
    xAxis: [
      {
        type: "category",
        data: groups.map((g) => g.label),
        axisLabel: { interval: 0, rotate: groups.length > 4 ? 20 : 0, color: colors.text, lineHeight: 16 },
        axisLine: { lineStyle: { color: colors.axis } },
      },
      { type: "value", min: -0.5, max: groups.length - 0.5, show: false },
    ],
    yAxis: {
      type: "value",
      name: unit.label ? `${axis.title} (${unit.label})` : axis.title,
      nameLocation: "middle",
      nameGap: 62,
      nameRotate: 90,
      scale: true,
      axisLine: { onZero: false, lineStyle: { color: colors.axis } },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [
      {
        type: "boxplot",
        name: "box (Tukey, 1.5 IQR)",
        boxWidth: [24, 90],
        itemStyle: { color: "transparent", borderColor: colors.primary, borderWidth: 1.5 },
        data: stats.map((s) => (s ? s.box.map(scale) : [])),
        tooltip: { formatter: (p: unknown) => boxTooltip(p, unit.label) },
      },
      {
        type: "scatter",
        name: "outliers",
        xAxisIndex: 1,
        symbolSize: 9,
        symbol: "diamond",
        itemStyle: { color: colors.accent },
        data: stats.flatMap((s, gi) => (s ? s.outliers.map((v) => [gi, scale(v)]) : [])),
      },
      {
        type: "scatter",
        name: "runs",
        xAxisIndex: 1,
        symbolSize: 5,
        itemStyle: { color: colors.points },
        data: groups.flatMap((g, gi) => g.values.map((v, i) => [gi + JITTER * jitter(i), scale(v)])),
      },
    ],
  };
}

function boxTooltip(p: unknown, unit: string): string {
  const { name, value } = p as { name: string; value: number[] };
  const [, lo, q1, med, q3, hi] = value;
  const f = (v: number) => `${v.toPrecision(4)}${unit ? ` ${unit}` : ""}`;
  return html`${name}<br/>median ${f(med)}<br/>Q1\u2013Q3 ${f(q1)} \u2013 ${f(q3)}<br/>whiskers ${f(lo)} \u2013 ${f(hi)}`;
}
