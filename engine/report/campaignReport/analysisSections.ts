// The report's sections from the analyses: execution patterns and matched
// runs (paper 004), the top VCG patterns of each design (000), the trend fits
// of the costliest locations (002), the phase markers (003), and the contexts
// that changed most. Each is built from the analysis' own result.
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import type { DominantVarianceResult } from "../../variance/result.js";
import type { TrendComparisonResult } from "../../trend/result.js";
import { modelText } from "../../trend/modelText.js";
import type { PhaseMarkersResult } from "../../phases/result.js";
import type { Comparison } from "../../cct/compareSides.js";
import type { ReportSection, ReportTable } from "./model.js";
import { measureColumns, strategyTable } from "./summarySections.js";
import { FRAME_KIND_WORDS } from "../../cct/frameKinds.js";

/** Rows of the longer tables a report lists (all rows stay in the analyses' own exports). */
export const TOP_ROWS = 10;
/** VCG patterns shown per design. */
export const TOP_PATTERNS = 3;

/** A workload's comparison by execution patterns (analyses/designComparison.ts, one workload's runs). */
export interface WorkloadPatterns {
  readonly workload: string;
  readonly comparison: DesignComparisonResult;
}

/** Each workload's runs clustered on their own (patterns of different inputs are never matched). */
export function patternSection(list: readonly WorkloadPatterns[]): ReportSection {
  const many = list.length > 1;
  const parts = list.map((p, k) => workloadPatterns(p, many ? `-${k + 1}` : "", many ? ` on ${p.workload}` : ""));
  return {
    id: "patterns",
    title: "Execution patterns (paper 004)",
    paragraphs: [
      `Each workload's runs of both designs clustered together by their aligned per-thread vectors, each pattern's runs compared design against design, and the strategies of paper 004 §5.2 beside the baselines; runs of different workloads are never clustered or matched together.`,
      ...parts.flatMap((x) => x.paragraphs),
    ],
    tables: parts.flatMap((x) => x.tables),
    charts: parts.flatMap((x) => x.charts),
  };
}

function workloadPatterns(
  { workload, comparison: c }: WorkloadPatterns,
  suffix: string,
  on: string,
): Pick<ReportSection, "paragraphs" | "tables" | "charts"> {
  const value = measureColumns(c.metric.unit).value;
  const rows = [...c.rows, ...(c.unmatched ? [c.unmatched] : [])];
  const lower = (r: (typeof rows)[number]) =>
    r.speedup?.lower ? (r.speedup.lower === "A" ? c.labels.a : c.labels.b) : null;
  const distribution: ReportTable = {
    id: `patterns${suffix}`,
    title: `Execution patterns${on}: runs of each design, mean ${c.metric.title}, and the ratio of the two`,
    columns: [
      { key: "pattern", label: "pattern", unit: "text" },
      { key: "runsA", label: "runs A", unit: "count" },
      { key: "runsB", label: "runs B", unit: "count" },
      { key: "shareA", label: "share A", unit: "percent" },
      { key: "shareB", label: "share B", unit: "percent" },
      { key: "meanA", label: "mean A", unit: value },
      { key: "meanB", label: "mean B", unit: value },
      { key: "ratio", label: "ratio", unit: "ratio" },
      { key: "lower", label: "lower", unit: "text" },
    ],
    rows: rows.map((r) => [
      r.pattern,
      r.runsA,
      r.runsB,
      r.shareA,
      r.shareB,
      r.meanA,
      r.meanB,
      r.speedup?.ratio ?? null,
      lower(r),
    ]),
  };
  const matched: ReportTable = {
    id: `matched-runs${suffix}`,
    title: `Matched runs (M-Run)${on}: each run of B with its nearest run of A in the same pattern`,
    columns: [
      { key: "pattern", label: "pattern", unit: "text" },
      { key: "runA", label: "run A", unit: "count" },
      { key: "runB", label: "run B", unit: "count" },
      { key: "metricA", label: `${c.metric.title} A`, unit: value },
      { key: "metricB", label: `${c.metric.title} B`, unit: value },
      { key: "distance", label: "distance", unit: "number" },
    ],
    rows: c.matched.map((m) => [m.pattern, m.runA, m.runB, m.metricA, m.metricB, m.distance]),
  };
  const head = on ? `On ${workload}: ` : "";
  return {
    paragraphs: [
      `${head}${c.patterns.patterns.length} pattern(s), in ${c.metric.title}.`,
      ...c.verdict.map((line) => `${head}${line}`),
      ...(c.matched.length
        ? []
        : [
            `${head}no run of B is matched with one of A: the designs share no execution pattern (the change moved every run into patterns of its own), so M-Run and C-Pattern do not apply; A-Pattern compares each design's patterns as a whole.`,
          ]),
    ],
    tables: [strategyTable(c, suffix, on), distribution, matched],
    charts: [
      {
        id: `pattern-shares${suffix}`,
        title: `Pattern distribution${on}: each design's runs by pattern`,
        kind: "shares",
        categories: rows.map((r) => r.pattern),
        series: [
          { name: "A", values: rows.map((r) => r.shareA) },
          { name: "B", values: rows.map((r) => r.shareB) },
        ],
      },
    ],
  };
}

export function vcgSection(a: DominantVarianceResult, b: DominantVarianceResult): ReportSection {
  const top = (r: DominantVarianceResult) =>
    r.patterns.slice(0, TOP_PATTERNS).map((p) => ({ p, root: r.nodes[p.root] }));
  const ta = top(a);
  const tb = top(b);
  const rows = Array.from({ length: Math.max(ta.length, tb.length) }, (_, i) => [
    i + 1,
    ta[i] ? `${ta[i].root.fname} (${ta[i].root.type}, ${ta[i].p.nodes} nodes)` : null,
    ta[i]?.root.cov ?? null,
    ta[i]?.p.vim ?? null,
    tb[i] ? `${tb[i].root.fname} (${tb[i].root.type}, ${tb[i].p.nodes} nodes)` : null,
    tb[i]?.root.cov ?? null,
    tb[i]?.p.vim ?? null,
  ]);
  return {
    id: "vcg",
    title: "Dominant variance: top VCG patterns of each design (paper 000)",
    paragraphs: [
      `Patterns ranked by their variance impact (VIM, σ·N summed over the pattern), each design's runs pooled; ${a.patterns.length} pattern(s) in A, ${b.patterns.length} in B.`,
    ],
    tables: [
      {
        id: "vcg-patterns",
        title: "Top VCG patterns side by side",
        columns: [
          { key: "rank", label: "rank", unit: "count" },
          { key: "rootA", label: "A: root", unit: "text" },
          { key: "covA", label: "A: CoV", unit: "number" },
          { key: "vimA", label: "A: VIM", unit: "number" },
          { key: "rootB", label: "B: root", unit: "text" },
          { key: "covB", label: "B: CoV", unit: "number" },
          { key: "vimB", label: "B: VIM", unit: "number" },
        ],
        rows,
      },
    ],
    charts: [],
  };
}

export function trendSection(t: TrendComparisonResult): ReportSection {
  const rows = t.locations
    .slice(0, TOP_ROWS)
    .map((l) => [
      l.name,
      l.fits[0]
        ? `${modelText({ ...l.fits[0].fit, feature: t.feature })}${l.fits[0].fit.noTrend !== null ? " (no trend)" : ""}`
        : "not reached",
      l.fits[1]
        ? `${modelText({ ...l.fits[1].fit, feature: t.feature })}${l.fits[1].fit.noTrend !== null ? " (no trend)" : ""}`
        : "not reached",
      l.fits[0]?.fit.exponent.value ?? null,
      l.fits[1]?.fit.exponent.value ?? null,
      l.exponentDifference?.value ?? null,
      l.exponentDifference?.interval
        ? `${l.exponentDifference.interval.low.toFixed(2)} to ${l.exponentDifference.interval.high.toFixed(2)}`
        : null,
      l.scalesWorse,
      l.crossover,
    ]);
  return {
    id: "trends",
    title: `Trends: how cost grows with ${t.feature} (paper 002)`,
    paragraphs: [
      `Fits of the costliest locations' cost (${t.source}) to ${t.feature}, the whole program first: per design the powerlaw a·${t.feature}^b, the line a + b·${t.feature} or a fixed cost plus a powerlaw a + b·${t.feature}^c, whichever fits by AICc (a start-up cost bends a plain powerlaw at small sizes); the difference of the fitted models' exponents, B − A, with its 95% studentized bootstrap interval.`,
      ...t.notes,
    ],
    tables: [
      {
        id: "trends",
        title: "Trend fits of the costliest locations",
        columns: [
          { key: "location", label: "location", unit: "text" },
          { key: "modelA", label: "model A", unit: "text" },
          { key: "modelB", label: "model B", unit: "text" },
          { key: "bA", label: "exponent A", unit: "number" },
          { key: "bB", label: "exponent B", unit: "number" },
          { key: "difference", label: "exponent B − A", unit: "number" },
          { key: "interval", label: "95% interval", unit: "text" },
          { key: "worse", label: "scales worse", unit: "text" },
          { key: "crossover", label: `crossover (${t.feature})`, unit: "number" },
        ],
        rows,
      },
    ],
    charts: [],
  };
}

export function phaseSection(p: PhaseMarkersResult): ReportSection {
  const chosen = p.candidates.filter((c) => c.name === p.outer || p.inner.includes(c.name));
  return {
    id: "phases",
    title: "Phases (paper 003)",
    paragraphs: [
      p.outer
        ? `Outer phase marker ${p.outer}; inner markers ${p.inner.join(", ") || "none"}; found from ${p.requests} requests of the regular input.`
        : `No phase marker was found (${p.candidates.length} candidates ran once per request).`,
      ...p.notes,
    ],
    tables: [
      {
        id: "phase-markers",
        title: "Phase markers",
        columns: [
          { key: "marker", label: "marker", unit: "text" },
          { key: "role", label: "role", unit: "text" },
        ],
        rows: chosen.map((c) => [c.name, c.name === p.outer ? "outer" : "inner"]),
      },
    ],
    charts: [],
  };
}

export function contextSection(c: Comparison): ReportSection {
  // In the verdict's convention, a ratio at least 1 in the table's direction: "2.1 times slower".
  const times = (relative: number | null) =>
    relative === null ? null : relative >= 0 ? 1 + relative : 1 / (1 + relative);
  const table = (
    id: string,
    title: string,
    rows: readonly (Comparison["slower"][number] & { kind?: string })[],
    kinds = false,
    how = "B over A",
  ): ReportTable => ({
    id,
    title,
    columns: [
      { key: "context", label: "context", unit: "text" },
      ...(kinds ? [{ key: "kind", label: "what it is", unit: "text" as const }] : []),
      { key: "meanA", label: "mean A", unit: "ns" },
      { key: "meanB", label: "mean B", unit: "ns" },
      { key: "ratio", label: how, unit: "ratio" },
      { key: "t", label: "Welch's t", unit: "number" },
    ],
    // A context on one side only has no ratio.
    rows: rows
      .slice(0, TOP_ROWS)
      .map((r) => [
        r.path.join(" > "),
        ...(kinds ? [r.kind ?? null] : []),
        r.a?.meanNs ?? null,
        r.b?.meanNs ?? null,
        how === "B over A" ? (r.relative === null ? null : 1 + r.relative) : times(r.relative),
        r.welchT,
      ]),
  });
  const apart = c.apart.length
    ? [
        `${c.apart.length} changed context(s) are not the program's code (${[...new Set(c.apart.map((x) => FRAME_KIND_WORDS[x.kind]))].join("; ")}): listed apart, never among the code's findings.`,
      ]
    : [];
  return {
    id: "contexts",
    title: "Calling contexts that changed most",
    paragraphs: [
      `Contexts pooled over each side's runs by call chain, ranked by the time per run the change costs; a change under ${(100 * c.minRelativeChange).toFixed(0)}% counts as unchanged (${c.unchanged} contexts).`,
      ...apart,
      ...c.notes,
    ],
    tables: [
      table("slower-contexts", "Slower in B", c.slower, false, "times slower"),
      table("faster-contexts", "Faster in B", c.faster, false, "times faster"),
      ...(c.apart.length
        ? [table("not-code-contexts", "Not the program's code: waiting, the profiler, the loader", c.apart, true)]
        : []),
    ],
    charts: [],
  };
}
