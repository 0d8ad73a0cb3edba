// The runs table's plot: a metric against a feature, one series per design. Each run is a point; at each
// value of the feature the design's mean is drawn with its 95% Student t interval (stats/meanInterval.ts:
// the runs of one design at one input are repetitions, so their mean's interval is the t interval of
// n − 1 degrees of freedom). One run at a value has no spread to bound: its mean is drawn without a bar,
// and the subtitle says how many such means there are. A log axis cannot show 0 or less: such runs are
// left out and counted.
import type { EChartsOption } from "echarts";
import { meanInterval } from "../stats/meanInterval.js";
import type { MeasureUnit } from "../format/numbers.js";
import type { ChartColors } from "./colors.js";
import { measureUnitFor } from "./units.js";
import { compact, logAxis, valueAxis } from "./trendCharts.js";
import { grouped } from "../format/numbers.js";

/** The interval drawn around each mean: 95%, as every interval of the workbench. */
export const PLOT_CONFIDENCE = 0.95;
/** Half the width of an interval's caps, in pixels. */
const CAP_PX = 5;

export interface PlotPoint {
  readonly series: string;
  readonly x: number;
  readonly y: number;
  readonly runId: number;
}

export interface GroupMean {
  readonly x: number;
  readonly n: number;
  readonly mean: number;
  /** The 95% t interval; null for a single run (no degrees of freedom). */
  readonly low: number | null;
  readonly high: number | null;
}

export interface SeriesMeans {
  readonly series: string;
  readonly means: readonly GroupMean[];
}

/** Per series (in first-seen order) and feature value (ascending): the runs' mean and its interval. */
export function groupMeans(points: readonly PlotPoint[]): SeriesMeans[] {
  const bySeries = new Map<string, Map<number, number[]>>();
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const byX = bySeries.get(p.series) ?? bySeries.set(p.series, new Map()).get(p.series)!;
    (byX.get(p.x) ?? byX.set(p.x, []).get(p.x)!).push(p.y);
  }
  return [...bySeries].map(([series, byX]) => ({
    series,
    means: [...byX]
      .sort((a, b) => a[0] - b[0])
      .map(([x, ys]) => {
        const m = meanInterval(ys, PLOT_CONFIDENCE);
        const bounded = Number.isFinite(m.halfWidth);
        return { x, n: m.n, mean: m.mean, low: bounded ? m.low : null, high: bounded ? m.high : null };
      }),
  }));
}

export interface RunsPlotInput {
  readonly points: readonly PlotPoint[];
  readonly feature: string;
  readonly metric: string;
  /** The metric's unit (campaign/measures.ts); the axis is scaled to it. */
  readonly unit: MeasureUnit;
  readonly logX: boolean;
  readonly logY: boolean;
  readonly colors: ChartColors;
}

/** What the plot shows of the input, for the view's caption and tests: the series and what was left out. */
export interface RunsPlot {
  readonly option: EChartsOption;
  readonly means: readonly SeriesMeans[];
  readonly leftOut: number;
  readonly single: number;
  /** Intervals cut at the lowest run on a log axis (their low end is 0 or below). */
  readonly cut: number;
}

export function runsPlot(input: RunsPlotInput): RunsPlot {
  const { colors } = input;
  const shown = input.points.filter(
    (p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!input.logX || p.x > 0) && (!input.logY || p.y > 0),
  );
  const means = groupMeans(shown);
  const ys = shown.map((p) => Math.abs(p.y)).sort((a, b) => a - b);
  const scale = measureUnitFor(input.unit, ys.length ? ys[ys.length >> 1] : 1);
  const to = (v: number) => v / scale.ns;
  const single = means.reduce((k, s) => k + s.means.filter((m) => m.low === null).length, 0);
  // On a log axis an interval reaching 0 or below is cut at the lowest run shown, and counted.
  const lowest = ys.length ? to(Math.min(...shown.map((p) => p.y))) : 0;
  const cut = input.logY
    ? means.reduce((k, s) => k + s.means.filter((m) => m.low !== null && m.low <= 0).length, 0)
    : 0;
  const leftOut = input.points.length - shown.length;
  const notes = [
    `${grouped(shown.length)} runs; means with their ${PLOT_CONFIDENCE * 100}% t intervals`,
    single > 0 ? `${single} ${single === 1 ? "mean rests" : "means rest"} on one run: no interval` : "",
    cut > 0 ? `${cut} ${cut === 1 ? "interval reaches" : "intervals reach"} 0 or below: cut at the lowest run` : "",
    leftOut > 0 ? `${leftOut} ${leftOut === 1 ? "run" : "runs"} left out (no value, or ≤ 0 on a log axis)` : "",
  ].filter(Boolean);
  const yName = `${input.metric}${scale.label ? ` (${scale.label})` : ""}`;
  const color = (i: number) => colors.series[i % colors.series.length];
  const series = means.flatMap((s, i) => [
    {
      type: "scatter",
      name: s.series,
      data: shown.filter((p) => p.series === s.series).map((p) => ({ value: [p.x, to(p.y)], runId: p.runId })),
      symbolSize: 5,
      itemStyle: { color: color(i), opacity: 0.45 },
      z: 2,
    },
    {
      type: "line",
      name: s.series,
      id: `${s.series} mean`,
      data: s.means.map((m) => [m.x, to(m.mean)]),
      symbol: "diamond",
      symbolSize: 9,
      lineStyle: { color: color(i), width: 2 },
      itemStyle: { color: color(i) },
      tooltip: { valueFormatter: (v: number) => compact(v) },
      z: 3,
    },
    intervalSeries(s, color(i), to, input.logY ? lowest : null),
  ]);
  const option: EChartsOption = {
    animation: false,
    textStyle: { color: colors.text },
    title: {
      text: "",
      subtext: notes.join(" · "),
      left: 72,
      top: 22,
      subtextStyle: { color: colors.axis, fontSize: 11 },
    },
    legend: { top: 0, textStyle: { color: colors.text }, inactiveColor: colors.grid, data: means.map((s) => s.series) },
    tooltip: { trigger: "item" },
    grid: { left: 72, right: 24, top: 64, bottom: 48 },
    xAxis: { ...(input.logX ? logAxis(input.feature, colors, 28) : valueAxis(input.feature, colors, 28)), scale: true },
    yAxis: { ...(input.logY ? logAxis(yName, colors, 52) : valueAxis(yName, colors, 52)), scale: true },
    series: series as EChartsOption["series"],
  };
  return { option, means, leftOut, single, cut };
}

/** The intervals of one series as bars with caps (a custom series: ECharts has no error bar of its own). */
function intervalSeries(s: SeriesMeans, color: string, to: (v: number) => number, floorY: number | null): object {
  // A log axis cannot draw a low end at or below 0: the bar stops at floorY, the lowest run shown.
  const floor = (m: GroupMean) => (floorY !== null && m.low! <= 0 ? floorY : to(m.low!));
  return {
    type: "custom",
    name: s.series,
    id: `${s.series} interval`,
    data: s.means.filter((m) => m.low !== null).map((m) => [m.x, floor(m), to(m.high!), m.n]),
    encode: { x: 0, y: [1, 2] },
    silent: true,
    tooltip: { show: false },
    z: 3,
    renderItem: (_: unknown, api: { value: (i: number) => number; coord: (p: number[]) => number[] }) => {
      const [x, lo] = api.coord([api.value(0), api.value(1)]);
      const [, hi] = api.coord([api.value(0), api.value(2)]);
      const line = (x1: number, y1: number, x2: number, y2: number) => ({
        type: "line",
        shape: { x1, y1, x2, y2 },
        style: { stroke: color, lineWidth: 1.5 },
      });
      return {
        type: "group",
        children: [line(x, lo, x, hi), line(x - CAP_PX, lo, x + CAP_PX, lo), line(x - CAP_PX, hi, x + CAP_PX, hi)],
      };
    },
  };
}
