// The report's opening sections: the answer and the strategies behind it, both
// designs' environments side by side, and the wall time of every design ×
// workload with its distribution.
import type { CampaignDetail } from "../../campaign/readModels.js";
import type { Baselines, DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { WorkloadVerdict } from "./headline.js";
import type { Cell, Headline, ReportSection, ReportTable } from "./model.js";
import { formatNs } from "../format.js";

export function summarySection(headline: Headline, labels: { a: string; b: string }, patterns: DesignComparisonResult | null, wall: Baselines | null, perWorkload: readonly WorkloadVerdict[] | null = null): ReportSection {
  // The answer itself (headline.sentence) opens the report in every format; this section gives its grounds.
  const paragraphs = [`A is ${labels.a}; B is ${labels.b}.`, ...headline.disagreements, ...(patterns ? patterns.verdict : [])];
  const tables: ReportTable[] = [];
  if (patterns) {
    const s = patterns.strategies;
    tables.push({
      id: "strategies",
      title: `Improvement of B over A by strategy (${patterns.metric.title}; positive: B lower)`,
      columns: [
        { key: "strategy", label: "strategy", unit: "text" },
        { key: "improvement", label: "improvement", unit: "percent" },
        { key: "basis", label: "basis", unit: "text" },
      ],
      rows: [
        ["M-Run", s.mRun?.improvement ?? null, s.mRun ? `${s.mRun.basis} matched pairs` : "no common pattern"],
        ["C-Pattern", s.cPattern?.improvement ?? null, s.cPattern ? `${s.cPattern.basis} common patterns` : "no common pattern"],
        ["A-Pattern", s.aPattern.improvement, `${s.aPattern.basis} patterns`],
        ["difference of means", patterns.baselines.means, "all runs"],
      ],
    });
  }
  if (perWorkload) tables.push(workloadTable(perWorkload));
  const b = patterns?.baselines ?? wall;
  if (b) tables.push(baselineTable(b, patterns?.metric.unit ?? "ns"));
  return { id: "summary", title: "Which design is faster", paragraphs, tables, charts: [] };
}

/** Each workload's comparison: means, B's improvement, Welch's interval, Mann–Whitney's p, the verdict. */
function workloadTable(verdicts: readonly WorkloadVerdict[]): ReportTable {
  return {
    id: "workloads",
    title: "Wall time of B against A, workload by workload",
    columns: [
      { key: "workload", label: "workload", unit: "text" },
      { key: "meanA", label: "mean A", unit: "ns" },
      { key: "meanB", label: "mean B", unit: "ns" },
      { key: "improvement", label: "improvement", unit: "percent" },
      { key: "interval", label: "Welch interval", unit: "text" },
      { key: "p", label: "Mann–Whitney p", unit: "number" },
      { key: "faster", label: "faster", unit: "text" },
    ],
    rows: verdicts.map((v) => {
      const b = v.baselines;
      return [v.workload, b.meanA, b.meanB, b.means, b.normality ? `${(100 * b.normality.low).toFixed(1)}% to ${(100 * b.normality.high).toFixed(1)}%` : "needs two runs a side", b.mannWhitney.p, v.faster ?? "neither shown"];
    }),
  };
}

/** The baselines of 004 §2.1 as one table. */
export function baselineTable(b: Baselines, unit: "ns" | "KiB"): ReportTable {
  const value = unit === "ns" ? "ns" : "number";
  const amount = (v: number) => (unit === "ns" ? formatNs(v) : `${v.toPrecision(4)} KiB`);
  // A count in a column of amounts: as text, so no unit is put on it.
  const runs = (n: number | null) => (n === null ? null : `${n} runs`);
  return {
    id: "baselines",
    title: `Baseline statistics over all runs${unit === "KiB" ? " (KiB)" : ""}`,
    columns: [
      { key: "statistic", label: "statistic", unit: "text" },
      { key: "a", label: "A", unit: value },
      { key: "b", label: "B", unit: value },
      { key: "result", label: "result", unit: "text" },
    ],
    rows: [
      ["mean", b.meanA, b.meanB, `improvement ${(100 * b.means).toFixed(2)}%`],
      ["Welch interval of (A − B)/A", null, null, b.normality ? `${(100 * b.normality.low).toFixed(2)}% to ${(100 * b.normality.high).toFixed(2)}% (df ${b.normality.df.toFixed(1)})` : "needs two runs a side"],
      ["runs needed for the mean's interval", runs(b.runsNeededA), runs(b.runsNeededB), "Georges et al."],
      ["Mann–Whitney", null, null, `U = ${b.mannWhitney.u}, p = ${b.mannWhitney.p.toPrecision(3)} (${b.mannWhitney.method})`],
      ["Hodges–Lehmann shift (A − B)", null, null, `${amount(b.hodgesLehmann.shift)} (${amount(b.hodgesLehmann.low)} to ${amount(b.hodgesLehmann.high)})`],
      ["visual test: intervals of the means", b.visual.a.mean, b.visual.b.mean, b.visual.overlap ? "overlap: no difference shown" : "disjoint"],
      ["pairs in which B's run is lower", null, null, `${(100 * b.bLowerPairs).toFixed(1)}%`],
    ],
  };
}

/** Environment keys whose values tell machines apart; the rest are listed only where they differ. */
const PRIMARY_KEYS = ["hostname", "kernel", "cpu", "cpus", "memory", "governor", "node", "profiler"];

export function environmentSection(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): ReportSection {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  const text = (v: unknown) => (v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));
  const rows = keys.map((k) => [k, text(a[k]), text(b[k]), text(a[k]) === text(b[k]) ? "same" : "differs"]);
  const differing = rows.filter((r) => r[3] === "differs").map((r) => r[0]);
  return {
    id: "environments",
    title: "Environments",
    paragraphs: [differing.length ? `The designs' first runs differ in: ${differing.join(", ")}.` : "Both designs' runs recorded the same environment."],
    tables: [{ id: "environments", title: "Environment of each design's first measured run", columns: [{ key: "key", label: "key", unit: "text" }, { key: "a", label: "A", unit: "text" }, { key: "b", label: "B", unit: "text" }, { key: "note", label: "same?", unit: "text" }], rows }],
    charts: [],
  };
}

function rank(key: string): number {
  const i = PRIMARY_KEYS.findIndex((k) => key.toLowerCase().includes(k));
  return i < 0 ? PRIMARY_KEYS.length : i;
}

/** Wall time per design × workload, in the columns of `varbench campaign show`. */
export function wallSection(d: CampaignDetail): ReportSection {
  const rows = d.groups.map((g): Cell[] => {
    const s = g.summary;
    if (!s) return [g.design, g.workload, 0, null, null, null, null, null, null, null, null, null, null, 0];
    return [g.design, g.workload, s.n, s.mean, s.median, s.std, s.cov, s.mad, s.min, s.max, s.p90, s.p99, [s.meanCi95.low, s.meanCi95.high], s.outliers.length];
  });
  return {
    id: "wall",
    title: "Wall time per design × workload",
    paragraphs: [`${d.repetitions} repetitions and ${d.warmups} warm-up(s) per design × workload; succeeded, measured runs only.`],
    tables: [
      {
        id: "wall",
        title: "Wall time per design × workload",
        columns: [
          { key: "design", label: "design", unit: "text" },
          { key: "workload", label: "workload", unit: "text" },
          { key: "n", label: "N", unit: "count" },
          { key: "mean", label: "mean", unit: "ns" },
          { key: "median", label: "median", unit: "ns" },
          { key: "std", label: "σ", unit: "ns" },
          { key: "cov", label: "CoV", unit: "number" },
          { key: "mad", label: "MAD", unit: "ns" },
          { key: "min", label: "min", unit: "ns" },
          { key: "max", label: "max", unit: "ns" },
          { key: "p90", label: "P90", unit: "ns" },
          { key: "p99", label: "P99", unit: "ns" },
          { key: "meanCi95", label: "mean 95% CI", unit: "nsInterval" },
          { key: "outliers", label: "outliers", unit: "count" },
        ],
        rows,
      },
    ],
    charts: [{ id: "wall-distribution", title: "Wall time of every measured run", kind: "distribution", groups: d.groups.map((g) => ({ label: `${g.design}\n${g.workload}`, valuesNs: g.wallNs })) }],
  };
}
