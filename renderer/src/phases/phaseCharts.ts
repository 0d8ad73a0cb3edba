// Phases drawn (paper 003): a run's timeline with its outer phase instances
// between solid vertical lines and its inner ones between dotted lines, as
// Figures 2 and 5 draw them, each inner instance a step as high as its metric
// (the paper draws IPC; a function trace has calls, so calls per instance,
// its length, or calls per ms — §4.4's stand-in for IPC); the outer
// instances' lengths per input on a log axis (Figure 6); and §4.4's
// comparison with interval and procedure phases as Figure 10's floating bars.
import type { EChartsOption } from "echarts";
import type { PhaseComparison, PhaseSegmentsResult } from "../../../engine/phases/result.js";
import type { PhaseInstance } from "../../../engine/phases/segmentation.js";
import type { ChartColors } from "../../../engine/charts/colors.js";
import { compact, logAxis, valueAxis } from "../../../engine/charts/trendCharts.js";
import { axisUnit, covText, lengthText, toAxis } from "./phaseText.js";
import { html } from "../../../engine/charts/chartText.js";

type Pair = [number, number];
/** ECharts' empty value: a line breaks there, so each instance is a step of its own. */
type Gap = [number, "-"];
type Segments = Pick<PhaseSegmentsResult, "outer" | "inner" | "markers" | "span" | "unit" | "prologue"> &
  Partial<Pick<PhaseSegmentsResult, "leaks" | "epilogue">>;

export const TIMELINE_METRICS = ["calls", "length", "rate", "cpu", "heap"] as const;
export type TimelineMetric = (typeof TIMELINE_METRICS)[number];

/** Calls per ms and time on the CPU need elapsed time (with calls as logical time a rate is 1 everywhere);
 * time on the CPU needs the threads followed, and the heap a run that recorded its allocations. */
export function timelineMetrics(unit: string, s?: Pick<Segments, "outer" | "leaks">): TimelineMetric[] {
  return TIMELINE_METRICS.filter((m) => {
    if (m === "rate") return unit === "ns";
    if (m === "cpu") return unit === "ns" && (s?.outer.some((o) => o.threads !== undefined) ?? false);
    if (m === "heap") return (s?.leaks ?? null) !== null;
    return true;
  });
}

export function metricLabel(metric: TimelineMetric, unit: string): string {
  if (metric === "calls") return "calls per instance";
  if (metric === "length") return `instance length (${axisUnit(unit)})`;
  if (metric === "cpu") return "time on the CPU, all threads (ms)";
  if (metric === "heap") return "heap allocated per outer instance (bytes)";
  return "calls per ms";
}

/** An instance's height on the timeline. */
export function instanceValue(i: PhaseInstance, metric: TimelineMetric, unit: string): number {
  if (metric === "calls") return i.calls;
  if (metric === "length") return toAxis(i.length, unit);
  if (metric === "cpu") return i.threads ? i.threads.reduce((n, t) => n + t.onCpuNs, 0) / 1e6 : NaN;
  // The heap is counted per outer instance (heapSteps), not per inner one.
  if (metric === "heap") return NaN;
  return unit === "ns" && i.length > 0 ? i.calls / (i.length / 1e6) : NaN;
}

/** Boundary lines past this many would fill a 1,400 px chart solid; Figure 5 too shows a whole run without
 * its inner lines "for legibility". The outer lines are always drawn; the inner ones only below it. */
export const MAX_BOUNDARY_LINES = 3000;

/** Where the lines go, on the axis: every outer instance's start (solid), and the inner instances' starts that are no outer one's (dotted). */
export function boundaries(s: Segments): { outer: number[]; inner: number[] } {
  const x = (t: number) => toAxis(t - s.span.start, s.unit);
  const outerStarts = new Set(s.outer.map((o) => o.start));
  return {
    outer: s.outer.map((o) => x(o.start)),
    inner: s.inner.filter((i) => !outerStarts.has(i.start)).map((i) => x(i.start)),
  };
}

/** The instances a timeline draws: the inner ones (the outer marker is an inner marker too), or the outer ones without. */
const drawn = (s: Segments): readonly PhaseInstance[] => (s.inner.length > 0 ? s.inner : s.outer);

/** Phases in the markers' order (the order of their first appearance). */
export function phaseNames(s: Segments): string[] {
  const present = new Set(drawn(s).map((i) => i.phase));
  return [...new Set([...s.markers.inner, ...(s.markers.outer ? [s.markers.outer] : [])])].filter((p) =>
    present.has(p),
  );
}

/** Each instance as a flat step from its start to its end at its value, then a break. */
export function steps(
  list: readonly PhaseInstance[],
  s: Pick<Segments, "span" | "unit">,
  metric: TimelineMetric,
): (Pair | Gap)[] {
  const x = (t: number) => toAxis(t - s.span.start, s.unit);
  return list.flatMap((i): (Pair | Gap)[] => {
    const v = instanceValue(i, metric, s.unit);
    return [
      [x(i.start), v],
      [x(i.start + i.length), v],
      [x(i.start + i.length), "-"],
    ];
  });
}

/** Each outer instance as a step as high as the bytes allocated in it (§1's "memory usage curve"). */
export function heapSteps(s: Pick<Segments, "outer" | "span" | "unit" | "leaks">): (Pair | Gap)[] {
  const x = (t: number) => toAxis(t - s.span.start, s.unit);
  const per = s.leaks?.perInstance ?? [];
  return s.outer.flatMap((o, k): (Pair | Gap)[] => {
    const v = per[k]?.allocatedBytes ?? NaN;
    return [
      [x(o.start), v],
      [x(o.start + o.length), v],
      [x(o.start + o.length), "-"],
    ];
  });
}

/** The instance under `at` (on the axis), for the tooltip. */
export function instanceAt(s: Segments, at: number): string {
  const list = drawn(s);
  const t = s.span.start + (s.unit === "ns" ? at * 1e6 : at);
  const k = list.findIndex((i) => i.start <= t && t < i.start + i.length);
  if (k < 0)
    return list.length > 0 && t < list[0].start
      ? `prologue (start-up): ${lengthText(s.prologue, s.unit)}`
      : s.epilogue !== undefined && s.outer.length > 0 && t >= s.span.end - s.epilogue
        ? `epilogue (teardown): ${lengthText(s.epilogue, s.unit)}`
        : "";
  const i = list[k];
  const nth = list.slice(0, k + 1).filter((j) => j.phase === i.phase).length;
  return html`${i.phase}, instance ${nth}<br/>from ${lengthText(i.start - s.span.start, s.unit)}, length ${lengthText(i.length, s.unit)}<br/>${i.calls} calls`;
}

const line = (color: string, type: "solid" | "dotted", width: number, xs: readonly number[], name: string) => ({
  type: "line",
  name,
  data: [],
  silent: true,
  markLine: {
    silent: true,
    symbol: ["none", "none"],
    label: { show: false },
    lineStyle: { color, type, width, opacity: type === "solid" ? 0.9 : 0.6 },
    data: xs.map((xAxis) => ({ xAxis })),
  },
});

/** Figures 2 and 5 with a function trace's metric: one step per inner instance, coloured by phase, zoomable. */
export function timelineOption(s: Segments, metric: TimelineMetric, colors: ChartColors): EChartsOption {
  const b = boundaries(s);
  const innerShown = b.outer.length + b.inner.length <= MAX_BOUNDARY_LINES;
  const names = phaseNames(s);
  const end = toAxis(s.span.end - s.span.start, s.unit);
  const subtitle = [
    `${s.outer.length} outer instances (solid lines)`,
    innerShown
      ? `${b.inner.length} inner boundaries (dotted)`
      : `${b.inner.length} inner boundaries not drawn: over ${MAX_BOUNDARY_LINES} lines — zoom in on the table's numbers`,
  ].join(" · ");
  const area = (name: string, data: (Pair | Gap)[], color: string) => ({
    type: "line",
    name,
    data,
    symbol: "none",
    connectNulls: false,
    itemStyle: { color },
    lineStyle: { color, width: 1.5 },
    areaStyle: { color, opacity: 0.35 },
  });
  const series =
    metric === "heap"
      ? [area("heap allocated", heapSteps(s), colors.series[0])]
      : names.map((p, k) =>
          area(
            p,
            steps(
              drawn(s).filter((i) => i.phase === p),
              s,
              metric,
            ),
            colors.series[k % colors.series.length],
          ),
        );
  const firstStart = b.outer[0] ?? end;
  const prologue = {
    type: "line",
    name: "prologue",
    data: [],
    silent: true,
    markArea: {
      silent: true,
      itemStyle: { color: colors.grid, opacity: 0.6 },
      label: { show: false },
      data: [[{ xAxis: 0 }, { xAxis: firstStart }]],
    },
  };
  return {
    animation: false,
    textStyle: { color: colors.text },
    title: { text: "", subtext: subtitle, left: 64, top: 22, subtextStyle: { color: colors.axis, fontSize: 11 } },
    legend: {
      type: "scroll",
      top: 0,
      data: metric === "heap" ? ["heap allocated"] : names,
      textStyle: { color: colors.text },
      inactiveColor: colors.grid,
      pageTextStyle: { color: colors.text },
    },
    grid: { left: 72, right: 28, top: 64, bottom: 84 },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "line", snap: false },
      formatter: (p: unknown) => instanceAt(s, Number((p as { axisValue: number }[])[0]?.axisValue)),
    },
    // The span's end as the axis' max: its label would crowd the last round tick, so overlapping labels are hidden.
    xAxis: {
      ...valueAxis(`${s.unit === "ns" ? "elapsed time" : "calls made"} (${axisUnit(s.unit)})`, colors, 26),
      min: 0,
      max: end,
      axisLabel: { formatter: compact, color: colors.text, hideOverlap: true },
    },
    yAxis: valueAxis(metricLabel(metric, s.unit), colors, 52),
    dataZoom: [
      { type: "inside", xAxisIndex: 0, filterMode: "none" },
      {
        type: "slider",
        xAxisIndex: 0,
        filterMode: "none",
        height: 18,
        bottom: 8,
        // ECharts' default handles and backgrounds are light: the theme's own colours keep the slider readable in the dark.
        textStyle: { color: colors.text },
        borderColor: colors.grid,
        backgroundColor: "transparent",
        dataBackground: {
          lineStyle: { color: colors.axis, opacity: 0.6 },
          areaStyle: { color: colors.axis, opacity: 0.15 },
        },
        selectedDataBackground: {
          lineStyle: { color: colors.primary },
          areaStyle: { color: colors.primary, opacity: 0.2 },
        },
        handleStyle: { color: colors.axis, borderColor: colors.axis },
        moveHandleStyle: { color: colors.grid, opacity: 1 },
      },
    ],
    series: [
      prologue,
      ...series,
      line(colors.text, "solid", 1.5, b.outer, "outer boundaries"),
      ...(innerShown ? [line(colors.axis, "dotted", 1, b.inner, "inner boundaries")] : []),
    ],
  } as EChartsOption;
}

/** Figure 6's bins: this many per decade of length (each ×1.78 the last), so 6 million to 10 billion instructions fit in 13. */
export const BINS_PER_DECADE = 4;

/** Bin edges 10^(k/perDecade) from below the least positive value to above the greatest. */
export function logEdges(values: readonly number[], perDecade = BINS_PER_DECADE): number[] {
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  if (positive.length === 0) return [];
  // The tolerance keeps a value on an edge (1000 at 4 per decade) in the bin it starts.
  const k = (v: number) => Math.floor(Math.log10(v) * perDecade + 1e-9);
  const lo = k(Math.min(...positive));
  const hi = k(Math.max(...positive)) + 1;
  return Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** ((lo + i) / perDecade));
}

/** Values in each bin [edges[i], edges[i + 1]); values outside (0 or less) in none. */
export function binCounts(values: readonly number[], edges: readonly number[]): number[] {
  const counts = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
  for (const v of values) {
    const i = edges.findIndex((e, j) => j + 1 < edges.length && v >= e * (1 - 1e-9) && v < edges[j + 1] * (1 - 1e-9));
    if (i >= 0) counts[i]++;
  }
  return counts;
}

export interface HistogramInput {
  readonly label: string;
  /** Outer instances' lengths in the result's unit. */
  readonly lengths: readonly number[];
}

/** A histogram's outline over shared edges, as shares of the input's instances: up at each bin's left edge, across, down to 0 at the end. */
export function outline(counts: readonly number[], edges: readonly number[], total: number): Pair[] {
  if (counts.length === 0 || total === 0) return [];
  const share = counts.map((c) => c / total);
  return [
    [edges[0], 0],
    ...share.flatMap((v, i): Pair[] => [
      [edges[i], v],
      [edges[i + 1], v],
    ]),
    [edges[edges.length - 1], 0],
  ];
}

/** What the histogram leaves out, said under it: a log axis cannot show a length of 0. */
export function histogramNote(inputs: readonly HistogramInput[]): string {
  const dropped = inputs.reduce((n, x) => n + x.lengths.filter((l) => !(l > 0)).length, 0);
  return [
    `${BINS_PER_DECADE} bins per decade`,
    dropped > 0
      ? `${dropped} ${dropped === 1 ? "instance" : "instances"} of length 0 left out: a log axis cannot show them`
      : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Legend rows above the plot: two inputs' names fit on a row of a half-width chart. */
const legendHeight = (n: number) => 24 * Math.ceil(n / 2);

/** Figure 6: each input's outer instances by length on a log axis, overlaid as shares so inputs of 5 and 250 requests compare. */
export function histogramOption(inputs: readonly HistogramInput[], unit: string, colors: ChartColors): EChartsOption {
  const axis = inputs.map((x) => ({ label: x.label, lengths: x.lengths.map((l) => toAxis(l, unit)) }));
  const edges = logEdges(axis.flatMap((x) => x.lengths));
  return {
    animation: false,
    textStyle: { color: colors.text },
    legend: { top: 0, textStyle: { color: colors.text }, inactiveColor: colors.grid },
    grid: { left: 72, right: 28, top: 16 + legendHeight(inputs.length), bottom: 48 },
    tooltip: { trigger: "axis", valueFormatter: (v: unknown) => covText(Number(v)) },
    // No min or max: the log axis widens to whole decades, whose labels read better than a bin's edge.
    xAxis: logAxis(`outer instance length (${axisUnit(unit)})`, colors, 28),
    yAxis: {
      ...valueAxis("share of the input's instances", colors, 52),
      min: 0,
      axisLabel: { color: colors.text, formatter: (v: number) => `${Math.round(100 * v)}%` },
    },
    series: axis.map((x, k) => {
      const color = colors.series[k % colors.series.length];
      const n = x.lengths.filter((l) => l > 0).length;
      return {
        type: "line",
        name: `${x.label} (${n} ${n === 1 ? "instance" : "instances"})`,
        data: outline(binCounts(x.lengths, edges), edges, n),
        symbol: "none",
        itemStyle: { color },
        lineStyle: { color, width: 2 },
        areaStyle: { color, opacity: 0.12 },
      };
    }),
  } as EChartsOption;
}

/** §4.4's three ways of cutting a run into phases, as Figure 10 names its bars. */
export const METHOD_NAMES: Readonly<Record<PhaseComparison["methods"][number]["method"], string>> = {
  behaviour: "behaviour phases",
  interval: "intervals (k-means)",
  procedure: "procedure phases",
};

/** Figure 10: per method a floating bar from the least to the greatest CoV among its phases, a dot at the mean. */
export function comparisonOption(c: PhaseComparison, colors: ChartColors): EChartsOption {
  const names = c.methods.map((m) => METHOD_NAMES[m.method]);
  const tip = (i: number) => {
    const m = c.methods[i];
    return html`${names[i]}: ${m.setup}<br/>CoV min ${covText(m.min)} · mean ${covText(m.mean)} · max ${covText(m.max)}`;
  };
  return {
    animation: false,
    textStyle: { color: colors.text },
    legend: { top: 0, data: ["CoV range over the phases", "mean"], textStyle: { color: colors.text } },
    grid: { left: 72, right: 28, top: 40, bottom: 40 },
    tooltip: { trigger: "item", formatter: (p: unknown) => tip((p as { dataIndex: number }).dataIndex) },
    xAxis: {
      type: "category",
      data: names,
      axisLabel: { color: colors.text },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: {
      ...valueAxis(`CoV of ${c.metric}`, colors, 52),
      min: 0,
      axisLabel: { color: colors.text, formatter: (v: number) => covText(v) },
    },
    series: [
      {
        type: "bar",
        name: "min",
        stack: "range",
        silent: true,
        data: c.methods.map((m) => m.min),
        itemStyle: { color: "transparent" },
        tooltip: { show: false },
      },
      {
        type: "bar",
        name: "CoV range over the phases",
        stack: "range",
        barWidth: "30%",
        data: c.methods.map((m) => m.max - m.min),
        itemStyle: { color: colors.primary, opacity: 0.55 },
      },
      {
        type: "scatter",
        name: "mean",
        data: c.methods.map((m, i): [string, number] => [names[i], m.mean]),
        symbolSize: 11,
        itemStyle: { color: colors.accent },
        z: 3,
      },
    ],
  } as EChartsOption;
}
