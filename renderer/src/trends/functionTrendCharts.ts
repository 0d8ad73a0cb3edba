// One variable of CF-TrendProf drawn (paper 002 §3.4.5): "a more detailed view
// showing best-fit scatter plots and residuals scatter plots of all models for
// the variable (much like the output of BB-TRENDPROF)". The best-fit plot has
// the variable's observations (a mean per workload and invocation-feature
// value, sized by the invocations behind it) against the model's feature on
// log-log axes with the model drawn; a model in several features is drawn as
// §3.4.5 says, "the predictions (x axis) versus the observed performance
// (y axis) … the fit is good to the extent that the points lie on the line
// y = x", and its residuals against the predictions. A log axis cannot show 0
// or less, so such points are left out and counted in the subtitle.
import type { EChartsOption } from "echarts";
import type {
  CfFunction,
  CfModelResult,
  CfPoint,
  CfTrendsResult,
  CfVariable,
} from "../../../engine/trend/cf/cfResult.js";
import type { ChartColors } from "../../../engine/charts/colors.js";
import { chrome, curve, logAxis, logGrid, valueAxis } from "../../../engine/charts/trendCharts.js";
import { variableText, variableUnit } from "./functionText.js";
import { modelFeatures } from "../../../engine/trend/cf/cfResult.js";
import { plain } from "../../../engine/charts/trendText.js";
import { html } from "../../../engine/charts/chartText.js";

type Pair = [number, number];

/** Point sizes: one observation draws a 6 px point, each factor of 10 more invocations 2 px more, up to 16 px. */
const POINT_MIN = 6;
const POINT_PER_DECADE = 2;
const POINT_MAX = 16;

/** The size of a point that stands for `n` observations (the invocations behind a per-invocation mean). */
export const pointSize = (n: number): number =>
  Math.min(POINT_MAX, POINT_MIN + POINT_PER_DECADE * Math.log10(Math.max(1, n)));

/** A feature's value at a point: a workload feature from the point's run, an invocation feature (§3.3.1) from its arguments. */
export function featureAt(r: CfTrendsResult, fn: CfFunction, p: CfPoint, feature: string): number {
  if (r.features.includes(feature)) return r.runs[p.workload]?.features[feature] ?? NaN;
  const k = fn.argNames.indexOf(feature);
  return k >= 0 ? (p.args[k] ?? NaN) : NaN;
}

/** Σ coef·Π x^p, the model's value where each feature f has the value x(f) (null coefficients from the cache: NaN). */
export function evaluateModel(m: Pick<CfModelResult, "terms">, x: (feature: string) => number): number {
  let s = 0;
  for (const t of m.terms) {
    let v = t.coef ?? NaN;
    for (const [f, p] of Object.entries(t.powers)) v *= x(f) ** (p ?? NaN);
    s += v;
  }
  return s;
}

/** The feature a model is drawn against: its one feature, the first workload feature for a constant, null for several. */
export function plotFeature(r: CfTrendsResult, m: Pick<CfModelResult, "terms">): string | null {
  const used = modelFeatures(m);
  return used.length > 1 ? null : (used[0] ?? r.features[0] ?? null);
}

interface Plotted {
  readonly p: CfPoint;
  /** The feature's value, or the prediction when the model has several features. */
  readonly x: number;
  readonly observed: number;
  readonly predicted: number;
}

function plotted(
  r: CfTrendsResult,
  fn: CfFunction,
  v: CfVariable,
  m: CfModelResult,
  feature: string | null,
): Plotted[] {
  return v.points.map((p) => {
    const predicted = evaluateModel(m, (f) => featureAt(r, fn, p, f));
    return { p, x: feature === null ? predicted : featureAt(r, fn, p, feature), observed: p.mean ?? NaN, predicted };
  });
}

const positive = (x: number) => x > 0 && Number.isFinite(x);
const leftOut = (k: number, what: string) =>
  k > 0 ? `${k} ${k === 1 ? "point" : "points"} with ${what} ≤ 0 left out: a log axis cannot show them` : "";

/** The point's run and features, its observations and what the model predicts there. */
function tooltip(r: CfTrendsResult, fn: CfFunction, v: CfVariable, q: Plotted, unit: string): string {
  const run = r.runs[q.p.workload];
  const features = [
    ...r.features.map((f) => `${f} = ${plain(run?.features[f] ?? NaN)}`),
    ...fn.argNames.map((a, k) => `${a} = ${plain(q.p.args[k] ?? NaN)}`),
  ].join(", ");
  const observed = v.perInvocation
    ? `mean of ${q.p.n} ${q.p.n === 1 ? "invocation" : "invocations"}: ${plain(q.observed)} ${unit}`
    : `${plain(q.observed)} ${unit}`;
  return html`${run?.workload ?? "(no workload)"} · run ${run?.runId ?? "?"}<br/>${features}<br/>${observed}<br/>model: ${plain(q.predicted)}`;
}

const scatter = (
  r: CfTrendsResult,
  fn: CfFunction,
  v: CfVariable,
  shown: readonly Plotted[],
  y: (q: Plotted) => number,
  unit: string,
  colors: ChartColors,
) => ({
  type: "scatter",
  name: v.perInvocation ? "observations (size: invocations)" : "observations",
  itemStyle: { color: colors.points },
  z: 4,
  data: shown.map((q) => ({
    value: [q.x, y(q)] as Pair,
    symbolSize: pointSize(q.p.n),
    tooltip: { formatter: tooltip(r, fn, v, q, unit) },
  })),
});

const yName = (v: CfVariable, unit: string) => `${v.perInvocation ? "mean " : ""}${variableText(v)} (${unit})`;

/** The best-fit plot of one model of a variable: against its feature, or predictions against observations for several. */
export function variableFitOption(
  r: CfTrendsResult,
  fn: CfFunction,
  v: CfVariable,
  m: CfModelResult,
  colors: ChartColors,
): EChartsOption {
  const feature = plotFeature(r, m);
  if (feature === null) return predictedOption(r, fn, v, m, colors);
  const unit = variableUnit(v, r.unit);
  const all = plotted(r, fn, v, m, feature);
  const shown = all.filter((q) => positive(q.x) && positive(q.observed));
  const xs = shown.map((q) => q.x);
  const grid = logGrid(Math.min(...xs), Math.max(...xs));
  const constant = modelFeatures(m).length === 0 ? `a constant: drawn against ${feature}` : "";
  const series = [
    {
      type: "line",
      name: `model ${m.text}`,
      data: curve((x) => evaluateModel(m, () => x), grid),
      symbol: "none",
      itemStyle: { color: colors.primary },
      lineStyle: { color: colors.primary, width: 2 },
      z: 3,
    },
    scatter(r, fn, v, shown, (q) => q.observed, unit, colors),
  ];
  return {
    ...chrome(colors, [leftOut(all.length - shown.length, `${feature} or cost`), constant].filter(Boolean).join(" · ")),
    grid: { left: 72, right: 24, top: 64, bottom: 48 },
    xAxis: logAxis(feature, colors, 28),
    yAxis: logAxis(yName(v, unit), colors, 52),
    series,
  } as EChartsOption;
}

/** §3.4.5's plot for a model in several features: predictions (x) against observations (y), with y = x. */
export function predictedOption(
  r: CfTrendsResult,
  fn: CfFunction,
  v: CfVariable,
  m: CfModelResult,
  colors: ChartColors,
): EChartsOption {
  const unit = variableUnit(v, r.unit);
  const all = plotted(r, fn, v, m, null);
  const shown = all.filter((q) => positive(q.x) && positive(q.observed));
  const ends = shown.flatMap((q) => [q.x, q.observed]);
  const lo = Math.min(...ends);
  const hi = Math.max(...ends);
  const diagonal =
    shown.length > 0
      ? {
          type: "line",
          name: "y = x",
          data: [
            [lo, lo],
            [hi, hi],
          ] as Pair[],
          symbol: "none",
          silent: true,
          itemStyle: { color: colors.primary },
          lineStyle: { color: colors.primary, width: 1.5, type: "dashed" },
          z: 3,
        }
      : null;
  // The model's text can run to dozens of terms: the subtitle names only its features.
  const subtitle = [
    `a model in ${modelFeatures(m).join(" and ")}: on y = x where it fits (002 §3.4.5)`,
    leftOut(all.length - shown.length, "prediction or cost"),
  ];
  return {
    ...chrome(colors, subtitle.filter(Boolean).join(" · ")),
    grid: { left: 72, right: 24, top: 64, bottom: 48 },
    xAxis: logAxis(`predicted (${unit})`, colors, 28),
    yAxis: logAxis(yName(v, unit), colors, 52),
    series: [...(diagonal ? [diagonal] : []), scatter(r, fn, v, shown, (q) => q.observed, unit, colors)],
  } as EChartsOption;
}

/** The residuals plot: observed − predicted (linear y) against the feature, or against the predictions for a model in several features. */
export function variableResidualOption(
  r: CfTrendsResult,
  fn: CfFunction,
  v: CfVariable,
  m: CfModelResult,
  colors: ChartColors,
): EChartsOption {
  const feature = plotFeature(r, m);
  const unit = variableUnit(v, r.unit);
  const all = plotted(r, fn, v, m, feature);
  const shown = all.filter((q) => positive(q.x) && Number.isFinite(q.observed - q.predicted));
  const xName = feature ?? `predicted (${unit})`;
  return {
    ...chrome(colors, leftOut(all.length - shown.length, feature === null ? "prediction" : feature), 0),
    legend: { show: false },
    grid: { left: 80, right: 24, top: 40, bottom: 48 },
    xAxis: logAxis(xName, colors, 28),
    yAxis: valueAxis(`observed − model (${unit})`, colors, 58),
    series: [
      {
        ...scatter(r, fn, v, shown, (q) => q.observed - q.predicted, unit, colors),
        markLine: {
          symbol: "none",
          silent: true,
          label: { show: false },
          lineStyle: { color: colors.axis, type: "solid" },
          data: [{ yAxis: 0 }],
        },
      },
    ],
  } as EChartsOption;
}
