// Execution patterns (paper 004) drawn: how each group's runs fall into the
// patterns (Fig. 15's bars), the runs on the plane of their aligned PCVs'
// first two principal axes coloured by pattern and shaped by design, the
// ratio of B to A per pattern (Table 4 on a log axis), the discovery curve
// (§5.3), and a pattern's shape: how busy each thread slot is along the run.
import type { EChartsOption } from "echarts";
import type { ExecutionPatternsResult, Pattern, SlotInfo } from "../patterns/result.js";
import type { DesignComparisonResult } from "../patterns/comparisonResult.js";
import type { ChartColors } from "./colors.js";
import { formatMetric, formatRatio } from "../format/numbers.js";
import { bOverA } from "../verdict/speedup.js";
import { html } from "./chartText.js";

const SYMBOLS = ["circle", "triangle", "diamond", "rect", "roundRect", "pin"] as const;

/** The groups of a result in a fixed order: "A" and "B" for a comparison, else by name. */
export function groupsOf(r: ExecutionPatternsResult): string[] {
  return [...new Set(r.runs.map((x) => x.group))].sort();
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Runs per pattern, one bar per group (004 Fig. 15): shares of each group's runs, counts in the tooltip. */
export function distributionOption(
  r: ExecutionPatternsResult,
  colors: ChartColors,
  names: Readonly<Record<string, string>> = {},
): EChartsOption {
  const groups = groupsOf(r);
  const totals = groups.map((g) => r.runs.filter((x) => x.group === g).length);
  return {
    animation: false,
    textStyle: { color: colors.text },
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: { type: "category", data: r.patterns.map((p) => p.name), axisLine: { lineStyle: { color: colors.axis } } },
    yAxis: {
      type: "value",
      name: "share of runs",
      max: 1,
      axisLabel: { formatter: (v: number) => pct(v) },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: groups.map((g, gi) => ({
      type: "bar",
      name: names[g] ?? g,
      itemStyle: { color: colors.series[gi % colors.series.length] },
      data: r.patterns.map((p) => ({ value: (p.groups[g] ?? 0) / totals[gi], count: p.groups[g] ?? 0 })),
      tooltip: { valueFormatter: (v: unknown) => pct(Number(v)) },
    })),
  } as EChartsOption;
}

/** The symbol each group's runs are drawn with on the plane (for the legend beside it). */
export function groupSymbols(r: ExecutionPatternsResult): Record<string, string> {
  const glyph: Record<string, string> = {
    circle: "●",
    triangle: "▲",
    diamond: "◆",
    rect: "■",
    roundRect: "▢",
    pin: "⬤",
  };
  return Object.fromEntries(groupsOf(r).map((g, i) => [g, glyph[SYMBOLS[i % SYMBOLS.length]]]));
}

/** The runs on the first two principal axes: colour by pattern, symbol by group. */
export function planeOption(
  r: ExecutionPatternsResult,
  colors: ChartColors,
  names: Readonly<Record<string, string>> = {},
  selected: number | null = null,
): EChartsOption {
  const groups = groupsOf(r);
  return {
    animation: false,
    textStyle: { color: colors.text },
    legend: { top: 0, right: 0, textStyle: { color: colors.text }, data: r.patterns.map((p) => p.name) },
    grid: { left: 52, right: 16, top: 36, bottom: 40 },
    tooltip: { trigger: "item" },
    xAxis: {
      type: "value",
      name: "1st principal axis",
      nameLocation: "middle",
      nameGap: 26,
      scale: true,
      splitLine: { lineStyle: { color: colors.grid } },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: {
      type: "value",
      name: "2nd principal axis",
      nameLocation: "middle",
      nameGap: 32,
      scale: true,
      splitLine: { lineStyle: { color: colors.grid } },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    series: r.patterns.map((p, pi) => ({
      type: "scatter",
      name: p.name,
      itemStyle: {
        color: colors.series[pi % colors.series.length],
        opacity: selected === null || selected === pi ? 0.9 : 0.25,
      },
      data: r.runs
        .filter((x) => x.pattern === pi)
        .map((x) => ({
          value: [x.x, x.y],
          symbol: SYMBOLS[groups.indexOf(x.group) % SYMBOLS.length],
          symbolSize: 11,
          runId: x.runId,
          tooltip: {
            formatter: html`run ${x.runId} · ${names[x.group] ?? x.group} · ${p.name} · ${formatMetric(r.metric, x.metric)}`,
          },
        })),
    })),
  } as EChartsOption;
}

/** B's measure over A's per common pattern and for the unmatched runs (004 Table 4), on a log axis so that
 * "B twice as fast" (0.5) and "twice as slow" (2) lie as far from 1 either way. */
export function improvementOption(c: DesignComparisonResult, colors: ChartColors): EChartsOption {
  const rows = [...c.rows.filter((r) => r.speedup !== null), ...(c.unmatched?.speedup ? [c.unmatched] : [])];
  const ratio = (r: (typeof rows)[number]) => bOverA(r.speedup!);
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 88, right: 48, top: 16, bottom: 32 },
    tooltip: { trigger: "item" },
    yAxis: {
      type: "category",
      inverse: true,
      data: rows.map((r) => r.pattern),
      axisLine: { lineStyle: { color: colors.axis } },
    },
    xAxis: {
      type: "log",
      logBase: 2,
      name: `${c.labels.b}'s ${c.metric.title} over ${c.labels.a}'s (under 1: ${c.labels.b} lower)`,
      nameLocation: "middle",
      nameGap: 24,
      axisLabel: { formatter: (v: number) => formatRatio(v) },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [
      {
        type: "scatter",
        symbolSize: 12,
        data: rows.map((r) => ({
          value: [ratio(r), r.pattern],
          itemStyle: { color: ratio(r) <= 1 ? colors.primary : colors.accent },
          tooltip: {
            formatter: html`${r.pattern}: ${c.labels.b} ${formatRatio(ratio(r))} × ${c.labels.a} (${c.labels.a} ${r.runsA} runs, ${c.labels.b} ${r.runsB} runs)`,
          },
        })),
        label: {
          show: true,
          position: "right",
          color: colors.text,
          formatter: (p: { value: [number, string] }) => `${formatRatio(p.value[0])}×`,
        },
        markLine: {
          silent: true,
          symbol: "none",
          lineStyle: { color: colors.axis, type: "dashed" },
          data: [{ xAxis: 1 }],
          label: { show: false },
        },
      },
    ],
  } as EChartsOption;
}

/** Distinct patterns seen after each run, in the order the runs ran (004 §5.3). */
export function discoveryOption(r: ExecutionPatternsResult, colors: ChartColors): EChartsOption {
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 48, right: 16, top: 16, bottom: 40 },
    tooltip: { trigger: "axis" },
    xAxis: {
      type: "category",
      name: "runs made",
      nameLocation: "middle",
      nameGap: 26,
      data: r.discovery.map((_, i) => String(i + 1)),
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: { type: "value", name: "patterns seen", minInterval: 1, splitLine: { lineStyle: { color: colors.grid } } },
    series: [
      { type: "line", step: "end", data: [...r.discovery], itemStyle: { color: colors.primary }, showSymbol: false },
    ],
  } as EChartsOption;
}

/** A pattern's shape: the mean busy share of each thread slot (rows) in each aligned interval (columns). */
export function shapeOption(p: Pattern, slots: readonly SlotInfo[], colors: ChartColors): EChartsOption {
  const intervals = p.activity[0]?.length ?? 0;
  const label = (s: SlotInfo) => `${s.threadName || "thread"} (${s.label})`;
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 168, right: 16, top: 8, bottom: 44 },
    tooltip: {
      formatter: (x: unknown) => {
        const v = (x as { value: [number, number, number] }).value;
        return html`${label(slots[v[1]])}, interval ${v[0] + 1}: busy ${pct(v[2])}`;
      },
    },
    xAxis: {
      type: "category",
      name: "share of the run",
      nameLocation: "middle",
      nameGap: 26,
      data: Array.from({ length: intervals }, (_, j) => `${Math.round((100 * (j + 1)) / intervals)}%`),
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: { type: "category", inverse: true, data: slots.map(label), axisLine: { lineStyle: { color: colors.axis } } },
    visualMap: { show: false, min: 0, max: 1, inRange: { color: [colors.grid, colors.primary] } },
    series: [{ type: "heatmap", data: p.activity.flatMap((row, si) => row.map((v, j) => [j, si, v])) }],
  } as EChartsOption;
}
