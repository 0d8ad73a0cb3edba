// Empirical complexity drawn (paper 002 §2.3.2): the best-fit plot — a
// cluster's cost per run against a feature on log-log axes, where a powerlaw is
// a straight line — with the powerlaw, the linear model, a fixed cost plus a
// powerlaw, and the chosen model's 95% band carried on to 10 × f95 so the
// predictions show (none for a fit that shows no trend); the residuals
// plot (feature on a log axis, residual on a linear one, as §2.3.2 draws it);
// and two designs' fits of one location overlaid. A log axis cannot show 0 or
// less, so such points are left out and counted in the subtitle.
import type { EChartsOption } from "echarts";
import type { FeatureFit, TrendCluster } from "../trend/bbTrendProf.js";
import { predictFit } from "../trend/featureFit.js";
import type { LocationComparison } from "../trend/designTrends.js";
import type { TrendComparisonResult, TrendsResult } from "../trend/result.js";
import type { ChartColors } from "./colors.js";
import { costUnit, linearText, modelName, num, offsetText, plain, powerText } from "./trendText.js";
import { html, labelText } from "./chartText.js";

/** Points along a fitted curve: the linear model bends on log-log axes, and 48 keep it smooth at 600 px. */
export const CURVE_POINTS = 48;
/** Opacity of a bootstrap band's fill: the points and lines stay readable through it. */
const BAND_OPACITY = 0.22;

type Pair = [number, number];

/** `count` values evenly spaced in log x from lo to hi (lo itself when hi ≤ lo). */
export function logGrid(lo: number, hi: number, count = CURVE_POINTS): number[] {
  if (!(lo > 0) || !Number.isFinite(lo)) return [];
  if (!(hi > lo) || !Number.isFinite(hi)) return [lo];
  return Array.from({ length: count }, (_, i) => lo * (hi / lo) ** (i / (count - 1)));
}

/** A model along the grid where it is positive (a log axis shows nothing else). */
export function curve(model: (x: number) => number, grid: readonly number[]): Pair[] {
  return grid.map((x): Pair => [x, model(x)]).filter(([, y]) => y > 0 && Number.isFinite(y));
}

/** Axis labels of counts and nanoseconds: 1, 10, 100, 1k, 10k, 1M, 1G, 1T; fractions as they are down to 0.001. */
export function compact(v: number): string {
  const a = Math.abs(v);
  for (const [scale, suffix] of [
    [1e12, "T"],
    [1e9, "G"],
    [1e6, "M"],
    [1e3, "k"],
  ] as const)
    if (a >= scale) return `${+(v / scale).toPrecision(3)}${suffix}`;
  return a >= 1e-3 || v === 0 ? `${+v.toPrecision(3)}` : v.toExponential(0);
}

/** A 95% band as two stacked lines: the low edge, unseen, and the height above it, filled down to it. */
function band(
  points: readonly { at: number; low: number; high: number }[],
  color: string,
  stack: string,
  name: string,
): object[] {
  const shown = points.filter((p) => p.low > 0 && p.high >= p.low);
  if (shown.length < 2) return [];
  const common = { type: "line", stack, symbol: "none", silent: true, tooltip: { show: false }, z: 1 };
  return [
    { ...common, name: `${name} (low edge)`, data: shown.map((p): Pair => [p.at, p.low]), lineStyle: { opacity: 0 } },
    {
      ...common,
      name,
      data: shown.map((p): Pair => [p.at, p.high - p.low]),
      lineStyle: { opacity: 0 },
      itemStyle: { color },
      areaStyle: { color, opacity: BAND_OPACITY },
    },
  ];
}

/** A linear axis of residuals, named along its side: a name above the plot would crowd the subtitle. */
export function valueAxis(name: string, colors: ChartColors, gap: number): object {
  return {
    type: "value",
    name,
    nameLocation: "middle",
    nameGap: gap,
    axisLabel: { formatter: compact, color: colors.text },
    axisLine: { lineStyle: { color: colors.axis } },
    splitLine: { lineStyle: { color: colors.grid } },
  };
}

export function logAxis(name: string, colors: ChartColors, gap: number): object {
  return {
    type: "log",
    logBase: 10,
    name,
    nameLocation: "middle",
    nameGap: gap,
    axisLabel: { formatter: compact, color: colors.text },
    axisLine: { lineStyle: { color: colors.axis } },
    splitLine: { lineStyle: { color: colors.grid } },
    minorSplitLine: { show: false },
  };
}

/** What every trends chart shares; the subtitle goes under the legend, or at the top (`top` 0) of a chart without one. */
export const chrome = (colors: ChartColors, subtitle: string, top = 22) => ({
  animation: false,
  textStyle: { color: colors.text },
  title: { text: "", subtext: subtitle, left: 64, top, subtextStyle: { color: colors.axis, fontSize: 11 } },
  legend: { top: 0, textStyle: { color: colors.text }, inactiveColor: colors.grid },
  tooltip: { trigger: "item" },
});

const leftOut = (k: number, what: string) =>
  k > 0 ? `${k} ${k === 1 ? "run" : "runs"} with ${what} left out: a log axis cannot show 0` : "";

/** The feature's value of each run, in the order of the result's runs (and of each cluster's cost). */
export const featureValues = (r: TrendsResult, feature: string): number[] =>
  r.runs.map((x) => x.features[feature] ?? NaN);

/** The best-fit plot of one cluster in one feature (002 §2.3.2, Fig. 2.1). */
export function fitOption(r: TrendsResult, cluster: TrendCluster, fit: FeatureFit, colors: ChartColors): EChartsOption {
  const xs = featureValues(r, fit.feature);
  const shown = xs.map((_, i) => i).filter((i) => xs[i] > 0 && cluster.cost[i] > 0);
  const positive = xs.filter((x) => x > 0);
  const lo = Math.min(...positive);
  const hi = Math.max(...positive, ...fit.predictions.map((p) => p.at).filter(Number.isFinite));
  const grid = logGrid(lo, hi);
  const chosen = (m: FeatureFit["model"]) => ({
    width: m === fit.model ? 2 : 1.5,
    type: m === fit.model ? "solid" : "dashed",
  });
  const noBand =
    fit.noTrend !== null
      ? `no trend: ${fit.noTrend}`
      : fit.band.length === 0
        ? "no band: too few points for an interval"
        : "";
  const series = [
    ...(fit.noTrend === null ? band(fit.band, colors.primary, "band", `95% band (${modelName(fit.model)})`) : []),
    {
      type: "line",
      name: `powerlaw ${powerText(fit)}`,
      data: curve((x) => fit.power.a * x ** fit.power.b, grid),
      symbol: "none",
      itemStyle: { color: colors.primary },
      lineStyle: { color: colors.primary, ...chosen("power") },
      z: 3,
    },
    {
      type: "line",
      name: `linear ${linearText(fit)}`,
      data: curve((x) => fit.linear.a + fit.linear.b * x, grid),
      symbol: "none",
      itemStyle: { color: colors.accent },
      lineStyle: { color: colors.accent, ...chosen("linear") },
      z: 3,
    },
    ...(fit.offset
      ? [
          {
            type: "line",
            name: `fixed cost + powerlaw ${offsetText(fit)}`,
            data: curve(predictFit({ ...fit, model: "offset" }), grid),
            symbol: "none",
            itemStyle: { color: colors.series[2 % colors.series.length] },
            lineStyle: { color: colors.series[2 % colors.series.length], ...chosen("offset") },
            z: 3,
          },
        ]
      : []),
    {
      type: "scatter",
      name: "runs",
      symbolSize: 8,
      itemStyle: { color: colors.points },
      z: 4,
      data: shown.map((i) => ({
        value: [xs[i], cluster.cost[i]] as Pair,
        runId: r.runs[i].runId,
        tooltip: {
          formatter: html`${r.runs[i].workload ?? "(no workload)"} · run ${r.runs[i].runId}<br/>${fit.feature} = ${plain(xs[i])}, cost ${plain(cluster.cost[i])}`,
        },
      })),
    },
    {
      type: "scatter",
      name: `predictions (${fit.model})`,
      symbol: "diamond",
      symbolSize: 12,
      itemStyle: { color: colors.text },
      z: 5,
      data: fit.predictions
        .flatMap((p) =>
          p.value !== null && p.value > 0 ? [{ p: { at: p.at, value: p.value }, i: p.interval ?? undefined }] : [],
        )
        .map(({ p, i }) => ({
          value: [p.at, p.value] as Pair,
          tooltip: {
            formatter:
              html`prediction at ${fit.feature} = ${plain(p.at)}: ${plain(p.value)}` +
              (i ? html`<br/>95%: ${plain(i.low)} … ${plain(i.high)}` : ""),
          },
        })),
    },
  ];
  return {
    ...chrome(colors, [leftOut(r.runs.length - shown.length, "cost 0"), noBand].filter(Boolean).join(" · ")),
    legend: {
      ...chrome(colors, "").legend,
      data: series.map((s) => (s as { name: string }).name).filter((n) => !n.endsWith("(low edge)")),
    },
    grid: { left: 64, right: 24, top: 64, bottom: 48 },
    xAxis: logAxis(fit.feature, colors, 28),
    yAxis: logAxis(`cost (${costUnit(r.source, cluster.members)})`, colors, 48),
    series,
  } as EChartsOption;
}

/** What the residuals plot draws for a fit: §2.3.2's residuals in log space when the powerlaw or a fixed
 * cost plus a powerlaw is chosen ("log af^b − log C", null where C or f is 0), else observed − linear model. */
export function residualsOf(fit: FeatureFit): {
  readonly values: readonly (number | null)[];
  readonly axis: string;
  readonly subtitle: string;
} {
  if (fit.model === "power")
    return {
      values: fit.logResiduals,
      axis: `ln a·${fit.feature}^b − ln C`,
      subtitle: "ln a·f^b − ln C (002 §2.3.2): random if the powerlaw explains the data",
    };
  if (fit.model === "offset")
    return {
      values: fit.logResiduals,
      axis: `ln(a + b·${fit.feature}^c) − ln C`,
      subtitle: "ln(a + b·f^c) − ln C: random if the model explains the data",
    };
  return {
    values: fit.residuals,
    axis: "observed − linear model",
    subtitle: "observed − (a + b·f), in the cost's unit",
  };
}

/** The residuals plot (002 §2.3.2): f on a log x axis, the chosen model's residuals on a linear y axis. */
export function residualOption(r: TrendsResult, fit: FeatureFit, colors: ChartColors): EChartsOption {
  const xs = featureValues(r, fit.feature);
  const res = residualsOf(fit);
  const value = (i: number) => res.values[i] ?? NaN;
  const shown = xs.map((_, i) => i).filter((i) => xs[i] > 0 && Number.isFinite(value(i)));
  const k = r.runs.length - shown.length;
  // A run with cost 0 has no log residual; a linear residual at f ≤ 0 has no place on the log x axis.
  const missing =
    k === 0
      ? ""
      : `${k} ${k === 1 ? "run" : "runs"} left out: ${fit.model === "power" ? "no log residual where the cost or the feature is 0" : "a log axis cannot show 0"}`;
  return {
    ...chrome(colors, [res.subtitle, missing].filter(Boolean).join(" · "), 0),
    legend: { show: false },
    grid: { left: 80, right: 24, top: 40, bottom: 48 },
    xAxis: logAxis(fit.feature, colors, 28),
    yAxis: valueAxis(res.axis, colors, 58),
    series: [
      {
        type: "scatter",
        name: "residuals",
        symbolSize: 8,
        itemStyle: { color: colors.points },
        data: shown.map((i) => ({
          value: [xs[i], value(i)] as Pair,
          runId: r.runs[i].runId,
          tooltip: {
            formatter: html`${r.runs[i].workload ?? "(no workload)"} · run ${r.runs[i].runId}<br/>${fit.feature} = ${plain(xs[i])}, residual ${num(value(i))}`,
          },
        })),
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

/** " · n-400 · run 12": the run behind a point, with its workload when it is known. */
const runText = (runId: number, workload: string | null) => `${workload ? ` · ${workload}` : ""} · run ${runId}`;

/** Two designs' powerlaws at one location on one log-log plot: points, fits and bands in the designs'
 * colours, and a marker where the fits cross when that lies on the plot. */
export function comparisonOption(
  c: TrendComparisonResult,
  l: LocationComparison,
  names: readonly [string, string],
  colors: ChartColors,
  workloadOf: (runId: number) => string | null = () => null,
): EChartsOption {
  const feature = c.feature;
  const fits = l.fits.map((f, i) => ({
    f,
    i,
    color: colors.series[i % colors.series.length],
    label: `${"AB"[i]}: ${names[i]}`,
  }));
  const xs = fits
    .flatMap(({ f }) => [...(f?.points.map((p) => p.x) ?? []), ...(f?.fit.band.map((p) => p.at) ?? [])])
    .filter((x) => x > 0);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const grid = logGrid(lo, hi);
  const at = l.crossover;
  const onPlot = at !== null && at >= lo && at <= hi;
  // The crossing is marked on the first fit drawn: a markLine needs a series to belong to.
  let marker: object | undefined = onPlot
    ? {
        symbol: "none",
        silent: true,
        lineStyle: { color: colors.text, type: "dashed" },
        label: { formatter: labelText(`fits cross at ${feature} ≈ ${num(at)}`), color: colors.text, position: "end" },
        data: [{ xAxis: at }],
      }
    : undefined;
  let zeros = 0;
  const series: object[] = [];
  for (const { f, i, color, label } of fits) {
    if (!f) continue;
    const shown = f.points.filter((p) => p.x > 0 && p.y > 0);
    zeros += f.points.length - shown.length;
    series.push(
      ...(f.fit.noTrend === null ? band(f.fit.band, color, `band${i}`, `${label} 95% band`) : []),
      {
        type: "line",
        name: `${label} fit`,
        data: curve(predictFit(f.fit), grid),
        symbol: "none",
        itemStyle: { color },
        lineStyle: { color, width: 2, type: f.fit.noTrend === null ? "solid" : "dotted" },
        z: 3,
        markLine: marker,
      },
      {
        type: "scatter",
        name: `${label} runs`,
        symbol: i === 0 ? "circle" : "triangle",
        symbolSize: 9,
        itemStyle: { color, opacity: 0.85 },
        z: 4,
        data: shown.map((p) => ({
          value: [p.x, p.y] as Pair,
          runId: p.runId,
          tooltip: {
            formatter: html`${label}${runText(p.runId, workloadOf(p.runId))}<br/>${feature} = ${plain(p.x)}, cost ${plain(p.y)}`,
          },
        })),
      },
    );
    marker = undefined;
  }
  const missing = fits.filter(({ f }) => !f).map(({ label }) => `${label} never reaches it`);
  const subtitle = [
    leftOut(zeros, "cost 0"),
    ...missing,
    at !== null && !onPlot ? `the fits would cross at ${feature} ≈ ${num(at)}, off the plot` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    ...chrome(colors, subtitle),
    legend: {
      ...chrome(colors, "").legend,
      data: series.map((s) => (s as { name: string }).name).filter((n) => !n.endsWith("(low edge)")),
    },
    grid: { left: 64, right: 24, top: 64, bottom: 48 },
    xAxis: logAxis(feature, colors, 28),
    yAxis: logAxis(`cost (${costUnit(c.source, [l.name])})`, colors, 48),
    series,
  } as EChartsOption;
}
