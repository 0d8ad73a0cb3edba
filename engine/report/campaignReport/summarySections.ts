// The report's opening sections: the answer and its grounds (each workload's
// ratio, the tracer's cost, the pattern strategies), both designs'
// environments side by side, and the campaign's measure for every design ×
// workload with its distribution.
import type { CampaignDetail } from "../../campaign/readModels.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import type { Speedup } from "../../verdict/speedup.js";
import type { Cell, ColumnUnit, ReportSection, ReportTable } from "./model.js";

const side = (s: Speedup | null | undefined, names: { a: string; b: string }) =>
  s?.lower ? (s.lower === "A" ? names.a : names.b) : null;
const shownBy = (s: Speedup | null | undefined, names: { a: string; b: string }) =>
  s ? (s.faster === null ? "neither shown" : s.faster === "A" ? names.a : names.b) : null;
const range = (s: Speedup | null | undefined): Cell => (s?.interval ? [s.interval.low, s.interval.high] : null);

/** The unit a measure's values take in a table column, and its interval's. */
export function measureColumns(unit: "ns" | "KiB" | "count"): { value: ColumnUnit; interval: ColumnUnit } {
  return unit === "ns" ? { value: "ns", interval: "nsInterval" } : { value: "count", interval: "interval" };
}

export function summarySection(v: DesignVerdict): ReportSection {
  // The answer itself (headline.sentence) and its caveats (headline.disagreements) open the report in every
  // format; this section gives its grounds.
  const names = v.labels;
  const paragraphs = [
    `A is ${names.a}; B is ${names.b}. The measure is ${v.measure.title}, from ${v.basis}: ${v.measure.description}.`,
    `Each workload is compared on its own: the ratio of the two designs' means (the slower over the faster), with Welch's ${Math.round(100 * v.confidence)}% interval on the log scale${v.workloads.length > 1 ? "; the overall line is the geometric mean of the workloads' ratios" : ""}.`,
    ...v.notes.map((n) => `${n[0].toUpperCase()}${n.slice(1)}.`),
  ];
  const tables: ReportTable[] = [workloadTable(v)];
  const cost = toolCostTable(v);
  if (cost) tables.push(cost);
  return { id: "summary", title: "Which design is faster", paragraphs, tables, charts: [] };
}

/** Each workload's comparison: runs, means, the ratio and its interval, which is faster, the rank test and the median ratio. */
function workloadTable(v: DesignVerdict): ReportTable {
  const names = v.labels;
  const { value } = measureColumns(v.measure.unit);
  const rows: Cell[][] = v.workloads.map((w) => [
    w.workload,
    w.a.n,
    w.b.n,
    w.a.mean,
    w.b.mean,
    w.speedup?.ratio ?? null,
    side(w.speedup, names),
    range(w.speedup),
    shownBy(w.speedup, names),
    w.mannWhitney?.p ?? null,
    w.medianSpeedup?.ratio ?? null,
    side(w.medianSpeedup, names),
  ]);
  if (v.overall)
    rows.push([
      `all ${v.workloads.length} (geometric mean)`,
      null,
      null,
      null,
      null,
      v.overall.speedup.ratio,
      side(v.overall.speedup, names),
      range(v.overall.speedup),
      shownBy(v.overall.speedup, names),
      null,
      null,
      null,
    ]);
  return {
    id: "workloads",
    title: `${v.measure.title[0].toUpperCase()}${v.measure.title.slice(1)}, workload by workload`,
    columns: [
      { key: "workload", label: "workload", unit: "text" },
      { key: "runsA", label: "runs A", unit: "count" },
      { key: "runsB", label: "runs B", unit: "count" },
      { key: "meanA", label: "mean A", unit: value },
      { key: "meanB", label: "mean B", unit: value },
      { key: "ratio", label: "ratio", unit: "ratio" },
      { key: "lower", label: "lower", unit: "text" },
      { key: "interval", label: `${Math.round(100 * v.confidence)}% interval`, unit: "interval" },
      { key: "faster", label: "faster", unit: "text" },
      { key: "p", label: "Mann–Whitney p", unit: "number" },
      { key: "medianRatio", label: "median ratio", unit: "ratio" },
      { key: "medianLower", label: "median lower", unit: "text" },
    ],
    rows,
  };
}

/** The tracer's estimated cost in each workload, and the verdict with it taken out (verdict/toolCost.ts). */
function toolCostTable(v: DesignVerdict): ReportTable | null {
  const c = v.calibration;
  const rows = v.workloads.filter((w) => w.toolCost);
  if (!c || rows.length === 0) return null;
  return {
    id: "tool-cost",
    title: `${c.tool}'s own cost, at ${c.nsPerCall.toFixed(0)} ns a recorded call (${c.low.toFixed(0)}–${c.high.toFixed(0)}, measured ${c.measuredAt.slice(0, 10)} on this machine)`,
    columns: [
      { key: "workload", label: "workload", unit: "text" },
      { key: "callsA", label: "calls a run A", unit: "count" },
      { key: "callsB", label: "calls a run B", unit: "count" },
      { key: "costA", label: "cost A", unit: "ns" },
      { key: "costB", label: "cost B", unit: "ns" },
      { key: "shareA", label: "share of A", unit: "percent" },
      { key: "shareB", label: "share of B", unit: "percent" },
      { key: "ratio", label: "ratio without it", unit: "ratio" },
      { key: "lower", label: "lower without it", unit: "text" },
      { key: "faster", label: "faster without it", unit: "text" },
    ],
    rows: rows.map((w) => {
      const t = w.toolCost!;
      return [
        w.workload,
        Math.round(t.a.callsPerRun),
        Math.round(t.b.callsPerRun),
        t.a.meanNs,
        t.b.meanNs,
        t.a.share,
        t.b.share,
        t.adjusted?.ratio ?? null,
        side(t.adjusted, v.labels),
        shownBy(t.adjusted, v.labels),
      ];
    }),
  };
}

/** Paper 004 §5.2's strategies beside the baselines, each a ratio (`suffix` and `on` tell workloads apart). */
export function strategyTable(c: DesignComparisonResult, suffix = "", on = ""): ReportTable {
  const s = c.strategies;
  const row = (name: string, x: Speedup | null | undefined, basis: string): Cell[] => [
    name,
    x?.ratio ?? null,
    side(x, c.labels),
    range(x),
    shownBy(x, c.labels),
    basis,
  ];
  return {
    id: `strategies${suffix}`,
    title: `By execution patterns (paper 004 §5.2)${on}, in ${c.metric.title}`,
    columns: [
      { key: "strategy", label: "strategy", unit: "text" },
      { key: "ratio", label: "ratio", unit: "ratio" },
      { key: "lower", label: "lower", unit: "text" },
      { key: "interval", label: "interval", unit: "interval" },
      { key: "faster", label: "faster", unit: "text" },
      { key: "basis", label: "basis", unit: "text" },
    ],
    rows: [
      row("M-Run", s.mRun?.speedup, s.mRun ? `${s.mRun.basis} matched pairs` : "no common pattern"),
      row(
        "C-Pattern",
        s.cPattern?.speedup,
        s.cPattern ? `${s.cPattern.basis} common patterns (a point estimate)` : "no common pattern",
      ),
      row("A-Pattern", s.aPattern.speedup, `${s.aPattern.basis} patterns (a point estimate)`),
      row("ratio of means", c.baselines.means, "all runs"),
      row(
        "Hodges–Lehmann ratio",
        c.baselines.medians,
        `all runs; Mann–Whitney p = ${c.baselines.mannWhitney.p.toPrecision(3)}`,
      ),
    ],
  };
}

/** Environment keys whose values tell machines apart; the rest are listed only where they differ. */
const PRIMARY_KEYS = ["hostname", "kernel", "cpu", "cpus", "memory", "governor", "node", "profiler"];

export function environmentSection(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): ReportSection {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(
    (x, y) => rank(x) - rank(y) || x.localeCompare(y),
  );
  const text = (v: unknown) => (v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));
  const rows = keys.map((k) => [k, text(a[k]), text(b[k]), text(a[k]) === text(b[k]) ? "same" : "differs"]);
  const differing = rows.filter((r) => r[3] === "differs").map((r) => r[0]);
  return {
    id: "environments",
    title: "Environments",
    paragraphs: [
      differing.length
        ? `The designs' first runs differ in: ${differing.join(", ")}.`
        : "Both designs' runs recorded the same environment.",
    ],
    tables: [
      {
        id: "environments",
        title: "Environment of each design's first measured run",
        columns: [
          { key: "key", label: "key", unit: "text" },
          { key: "a", label: "A", unit: "text" },
          { key: "b", label: "B", unit: "text" },
          { key: "note", label: "same?", unit: "text" },
        ],
        rows,
      },
    ],
    charts: [],
  };
}

function rank(key: string): number {
  const i = PRIMARY_KEYS.findIndex((k) => key.toLowerCase().includes(k));
  return i < 0 ? PRIMARY_KEYS.length : i;
}

/** The campaign's measure per design × workload, in the columns of `varbench campaign show`. */
export function measureSection(d: CampaignDetail): ReportSection {
  const { value, interval } = measureColumns(d.measure.unit);
  const rows = d.groups.map((g): Cell[] => {
    const s = g.summary;
    if (!s) return [g.design, g.workload, 0, null, null, null, null, null, null, null, null, null, null, 0];
    return [
      g.design,
      g.workload,
      s.n,
      s.mean,
      s.median,
      s.std,
      s.cov,
      s.mad,
      s.min,
      s.max,
      s.p90,
      s.p99,
      s.meanCi95 ? [s.meanCi95.low, s.meanCi95.high] : null,
      s.outliers.length,
    ];
  });
  const title = `${d.measure.title[0].toUpperCase()}${d.measure.title.slice(1)} per design × workload`;
  return {
    id: "measure",
    title,
    paragraphs: [
      `${d.repetitions} repetitions and ${d.warmups} warm-up(s) per design × workload; succeeded, measured runs only. ${d.measure.title[0].toUpperCase()}${d.measure.title.slice(1)}, from ${d.basis}: ${d.measure.description}${d.measure.unit === "KiB" ? " (KiB)" : ""}.`,
    ],
    tables: [
      {
        id: "measure",
        title,
        columns: [
          { key: "design", label: "design", unit: "text" },
          { key: "workload", label: "workload", unit: "text" },
          { key: "n", label: "N", unit: "count" },
          { key: "mean", label: "mean", unit: value },
          { key: "median", label: "median", unit: value },
          { key: "std", label: "σ", unit: value },
          { key: "cov", label: "CoV", unit: "number" },
          { key: "mad", label: "MAD", unit: value },
          { key: "min", label: "min", unit: value },
          { key: "max", label: "max", unit: value },
          { key: "p90", label: "P90", unit: value },
          { key: "p99", label: "P99", unit: value },
          { key: "meanCi95", label: "mean 95% CI", unit: interval },
          { key: "outliers", label: "outliers", unit: "count" },
        ],
        rows,
      },
    ],
    charts: [
      {
        id: "measure-distribution",
        title: `${d.measure.title[0].toUpperCase()}${d.measure.title.slice(1)} of every measured run`,
        kind: "distribution",
        axis: { title: d.measure.title, unit: d.measure.unit },
        groups: d.groups.map((g) => ({ label: `${g.design}\n${g.workload}`, values: g.values })),
      },
    ],
  };
}
