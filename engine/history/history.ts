// A project's history across versions (issue 33): every series' change points by E-Divisive means
// (eDivisive.ts), and each change point's magnitude with its interval, between the versions since the
// change point before and those up to the one after. The false-discovery rate is controlled across the
// project's series as Benjamini & Bogomolov (2014, "Selective inference on multiple families of
// hypotheses", JRSS B 76(1), §2) do for families of hypotheses: each series is a family, its first test
// (any change at all?) its p-value; Benjamini–Hochberg at q over the m series selects R of them, and within
// each selected series the further change points are kept while their tests pass q·R/m, which bounds the
// expected average false-discovery proportion over the selected series by q.
import type { MeasureName } from "../campaign/measures.js";
import { medianRatio } from "../stats/ratio.js";
import { adjustedPValues } from "./benjaminiHochberg.js";
import { eDivisive, seriesSeed, type FoundChange } from "./eDivisive.js";
import { ENERGY_ALPHA, MAGNITUDE_CONFIDENCE, maxPermutations, SEQUENTIAL_EXCEEDANCES } from "./parameters.js";
import {
  buildSeries,
  type EnvironmentChange,
  type HistoryObservation,
  type HistoryPoint,
  type HistoryVersion,
  type SeriesData,
} from "./series.js";

export interface HistoryArgs {
  readonly fdr: number;
  readonly minSegment: number;
  /** Smallest |after/before − 1| reported. */
  readonly minMagnitude: number;
}

export interface HistoryChange {
  /** Index into the series' points of the first point after the change. */
  readonly point: number;
  /** The last version before and the first after (indexes into the versions). */
  readonly before: number;
  readonly after: number;
  readonly pValue: number;
  readonly permutations: number;
  /** after / before: the Hodges–Lehmann ratio of the versions' medians on either side, with Moses' interval;
   * null where a value is not positive. */
  readonly ratio: {
    readonly estimate: number;
    readonly low: number;
    readonly high: number;
    readonly confidence: number;
  } | null;
  /** Higher values after: every measure here is a cost (time, memory, counts), so higher is worse. */
  readonly regression: boolean;
  /** The versions the ratio compares: [first, last] on each side. */
  readonly sides: { readonly before: readonly [number, number]; readonly after: readonly [number, number] };
}

export interface HistorySeries extends SeriesData {
  readonly changes: readonly HistoryChange[];
  /** Significant change points smaller than --min-magnitude, left out of `changes`. */
  readonly small: number;
  /** The series' first test (any change?) and its Benjamini–Hochberg adjusted value across the series;
   * null for a series too short to test (fewer than twice the smallest segment). */
  readonly pValue: number | null;
  readonly qValue: number | null;
}

export interface HistoryResult {
  readonly method: {
    readonly name: string;
    readonly alpha: number;
    readonly fdr: number;
    readonly minSegment: number;
    readonly maxPermutations: number;
    readonly sequentialExceedances: number;
    readonly minMagnitude: number;
    /** Series tested (m), selected by Benjamini–Hochberg (R), and the level further change points pass, q·R/m. */
    readonly tested: number;
    readonly selected: number;
    readonly withinLevel: number;
  };
  readonly versions: readonly HistoryVersion[];
  readonly series: readonly HistorySeries[];
  readonly environmentChanges: readonly EnvironmentChange[];
}

export interface HistoryInput {
  /** In version order. */
  readonly versions: readonly HistoryVersion[];
  readonly observations: readonly HistoryObservation[];
}

export function analyzeHistory(input: HistoryInput, args: HistoryArgs): HistoryResult {
  const { series, environmentChanges } = buildSeries(input.observations);
  const permutations = maxPermutations(series.length, args.fdr);
  const found = series.map((s) => {
    const medians = s.points.map((p) => p.median);
    return eDivisive(medians, {
      minSegment: args.minSegment,
      level: args.fdr,
      maxPermutations: permutations,
      seed: seriesSeed(medians),
    });
  });
  const tested = found.flatMap((f, i) => (f.tests.length > 0 ? [i] : []));
  const adjusted = adjustedPValues(tested.map((i) => found[i].tests[0]));
  const qOf = new Map(tested.map((i, k) => [i, adjusted[k]]));
  const selected = tested.filter((i) => qOf.get(i)! <= args.fdr).length;
  const withinLevel = tested.length === 0 ? 0 : (args.fdr * selected) / tested.length;
  const out = series.map((s, i): HistorySeries => {
    const f = found[i];
    const q = qOf.get(i) ?? null;
    // The first change is the series' selection; the others, in the order found, while each passes q·R/m.
    const kept: FoundChange[] = [];
    if (q !== null && q <= args.fdr)
      for (const c of f.changes) {
        if (kept.length > 0 && c.pValue > withinLevel) break;
        kept.push(c);
      }
    const changes = describe(s.points, kept);
    const big = changes.filter((c) => c.ratio === null || Math.abs(c.ratio.estimate - 1) >= args.minMagnitude);
    return { ...s, changes: big, small: changes.length - big.length, pValue: f.tests[0] ?? null, qValue: q };
  });
  return {
    method: {
      name: "E-Divisive means (Matteson & James 2014) with a seeded permutation test; false discoveries controlled across series (Benjamini & Bogomolov 2014)",
      alpha: ENERGY_ALPHA,
      fdr: args.fdr,
      minSegment: args.minSegment,
      maxPermutations: permutations,
      sequentialExceedances: SEQUENTIAL_EXCEEDANCES,
      minMagnitude: args.minMagnitude,
      tested: tested.length,
      selected,
      withinLevel,
    },
    versions: input.versions,
    series: out,
    environmentChanges,
  };
}

/** Each kept change point with the segments between its neighbours (in point order). */
function describe(points: readonly HistoryPoint[], kept: readonly FoundChange[]): HistoryChange[] {
  const sorted = [...kept].sort((a, b) => a.index - b.index);
  return sorted.map((c, k) => {
    const start = k === 0 ? 0 : sorted[k - 1].index;
    const end = k === sorted.length - 1 ? points.length : sorted[k + 1].index;
    const before = points.slice(start, c.index).map((p) => p.median);
    const after = points.slice(c.index, end).map((p) => p.median);
    const r = medianRatio(after, before, MAGNITUDE_CONFIDENCE);
    const ratio =
      r === null
        ? null
        : { estimate: Math.exp(r.log), low: Math.exp(r.low), high: Math.exp(r.high), confidence: r.confidence };
    const medianOf = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
    return {
      point: c.index,
      before: points[c.index - 1].version,
      after: points[c.index].version,
      pValue: c.pValue,
      permutations: c.permutations,
      ratio,
      regression: ratio === null ? medianOf(after) > medianOf(before) : ratio.estimate > 1,
      sides: {
        before: [points[start].version, points[c.index - 1].version],
        after: [points[c.index].version, points[end - 1].version],
      },
    };
  });
}

/** The newest change point of each series that is a regression of at least `threshold` (0.02: 2 %). */
export function newestRegressions(
  r: HistoryResult,
  threshold: number,
): { design: string; workload: string; metric: MeasureName; environment: string; change: HistoryChange }[] {
  return r.series.flatMap((s) => {
    const last = s.changes.at(-1);
    if (!last || !last.regression || last.ratio === null || last.ratio.estimate - 1 < threshold) return [];
    return [{ design: s.design, workload: s.workload, metric: s.metric, environment: s.environment, change: last }];
  });
}
