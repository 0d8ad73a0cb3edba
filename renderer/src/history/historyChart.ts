// One chart of a project's history (issue 33 item 4): a design × workload × measure over the versions in
// order, each environment its own series (runs are compared only within one, engine/history/series.ts).
// Each version shows its runs' spread as a box (min, Q1, median, Q3, max: the whole range, no outlier rule,
// since a version rarely has more than a few runs) and the line of medians the change-point method reads;
// each change point is the band between the last version before it and the first after, red for a
// regression and green for an improvement, labelled with its Hodges–Lehmann ratio; a change of environment
// is a dashed grey line, said as such and never coloured as a regression.
import type { EChartsOption, LineSeriesOption } from "echarts";
import type { ChartColors } from "../../../engine/charts/colors.js";
import { measureUnitFor } from "../../../engine/charts/units.js";
import { html, labelText } from "../../../engine/charts/chartText.js";
import { MEASURE_INFO } from "../../../engine/campaign/measures.js";
import type { HistoryReport } from "../../../engine/api/types.js";
import type { HistoryChange } from "../../../engine/history/history.js";
import type { HistorySeries } from "../../../engine/history/history.js";
import { changeSize, type HistoryGroup } from "./historyGroups.js";

/** Colours of a change point's band: the regression's red and the improvement's green, light enough that
 * the boxes and the median line stay readable through them. */
const REGRESSION = "rgba(201,42,42,0.16)";
const IMPROVEMENT = "rgba(43,138,62,0.16)";
const REGRESSION_TEXT = "#c92a2a";
const IMPROVEMENT_TEXT = "#2b8a3e";

/** The name a change point's band is clicked by: its series' index in the report and its own. */
export const changeName = (series: number, change: number) => `change ${series}.${change}`;

export function historyChartOption(r: HistoryReport, g: HistoryGroup, colors: ChartColors): EChartsOption {
  const labels = r.versions.map((v) => v.label);
  const info = MEASURE_INFO[g.metric];
  let largest = 0;
  for (const { series: s } of g.series) for (const p of s.points) largest = Math.max(largest, p.max);
  const unit = measureUnitFor(info.unit, largest);
  const scale = (v: number) => v / unit.ns;
  const unitText = unit.label ? " " + unit.label : "";
  const value = (v: number) => scale(v).toPrecision(4) + unitText;
  const many = g.series.length > 1;
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 84, right: 24, top: many ? 40 : 28, bottom: labels.length > 12 ? 64 : 40 },
    legend: many ? { top: 0, textStyle: { color: colors.text } } : undefined,
    tooltip: { trigger: "item" },
    xAxis: {
      type: "category",
      data: labels,
      axisLabel: { color: colors.text, rotate: labels.length > 12 ? 30 : 0, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: {
      type: "value",
      name: unit.label ? `${info.title} (${unit.label})` : info.title,
      nameLocation: "middle",
      nameGap: 62,
      nameRotate: 90,
      scale: true,
      axisLine: { onZero: false, lineStyle: { color: colors.axis } },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: g.series.flatMap(({ series: s, index }, k) => {
      const color = colors.series[k % colors.series.length];
      const name = many ? s.environment : "runs";
      const at = new Map(s.points.map((p) => [p.version, p]));
      return [
        {
          type: "boxplot" as const,
          name,
          boxWidth: [6, 28],
          itemStyle: { color: "transparent", borderColor: color, borderWidth: 1.2 },
          data: labels.map((_, v) => {
            const p = at.get(v);
            return p ? [p.min, p.q1, p.median, p.q3, p.max].map(scale) : [];
          }),
          tooltip: {
            formatter: (x: unknown) => {
              const p = at.get((x as { dataIndex: number }).dataIndex);
              if (!p) return "";
              return html`${labels[p.version]}: ${p.runs} run(s)<br/>median ${value(p.median)}<br/>min – max ${value(p.min)} – ${value(p.max)}<br/>Q1 – Q3 ${value(p.q1)} – ${value(p.q3)}`;
            },
          },
        },
        {
          type: "line" as const,
          name,
          symbolSize: 5,
          itemStyle: { color },
          lineStyle: { color, width: 1.5 },
          data: labels.map((_, v) => {
            const p = at.get(v);
            return p ? scale(p.median) : null;
          }),
          tooltip: { show: false },
          markArea: {
            data: s.changes.map((c, ci) => changeBand(c, changeName(index, ci), labels)),
            tooltip: { formatter: (x: unknown) => bandTooltip(s, labels, (x as { name?: string }).name) },
          },
          markLine:
            k === 0 && g.environmentChanges.length > 0
              ? {
                  symbol: "none",
                  lineStyle: { color: colors.axis, type: "dashed" as const, width: 1.5 },
                  label: { formatter: labelText("environment changed"), color: colors.text },
                  tooltip: { formatter: () => html`environment changed (not a regression): the series are apart` },
                  data: g.environmentChanges.map((e) => ({ xAxis: labels[e.to] })),
                }
              : undefined,
        },
      ];
    }),
  };
}

type Band = NonNullable<NonNullable<LineSeriesOption["markArea"]>["data"]>[number];

/** A change point's band from the last version before it to the first after, labelled with its size. */
function changeBand(c: HistoryChange, name: string, labels: readonly string[]): Band {
  const what = c.regression ? "regression" : "improvement";
  return [
    {
      name,
      xAxis: labels[c.before],
      itemStyle: { color: c.regression ? REGRESSION : IMPROVEMENT },
      label: {
        formatter: labelText(`${what} ${changeSize(c).short}`.trim()),
        color: c.regression ? REGRESSION_TEXT : IMPROVEMENT_TEXT,
        fontWeight: "bold",
        position: "insideTop",
      },
    },
    { xAxis: labels[c.after] },
  ];
}

/** The tooltip of the band named `name` (changeName): the change, its size with its interval, its test. */
function bandTooltip(s: HistorySeries, labels: readonly string[], name: string | undefined): string {
  const ci = Number(name?.split(".")[1]);
  const c = s.changes[ci];
  if (!c) return "";
  const what = c.regression ? "regression" : "improvement";
  return html`${what} at ${labels[c.after]} (after ${labels[c.before]}) in ${s.design} × ${s.workload}<br/>${changeSize(c).long}<br/>p = ${c.pValue.toPrecision(2)} (${c.permutations} permutations)<br/>click for its explanation`;
}
