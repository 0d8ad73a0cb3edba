// A project's history across versions (issue 33): every series' change points by E-Divisive means
// (eDivisive.ts), the false-discovery rate controlled across all the tests of all the series
// (Benjamini–Hochberg), and each change point's magnitude with its interval, between the versions since
// the change point before and those up to the one after.
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
  /** Benjamini–Hochberg adjusted p-value across every test of the project's series. */
  readonly qValue: number;
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
  /** Tests this series took part in the false-discovery control with. */
  readonly tests: number;
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
    readonly tests: number;
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
  // Every test made counts: the changes kept and each search's last, failed test.
  const allP = found.flatMap((f) => f.tests);
  const adjusted = adjustedPValues(allP);
  let at = 0;
  const out = series.map((s, i): HistorySeries => {
    const f = found[i];
    const q = adjusted.slice(at, at + f.tests.length);
    at += f.tests.length;
    const kept = f.changes.map((c, k) => ({ c, q: q[k] })).filter((x) => x.q <= args.fdr);
    const changes = describe(s.points, kept);
    const big = changes.filter((c) => c.ratio === null || Math.abs(c.ratio.estimate - 1) >= args.minMagnitude);
    return { ...s, changes: big, small: changes.length - big.length, tests: f.tests.length };
  });
  return {
    method: {
      name: "E-Divisive means (Matteson & James 2014) with a seeded permutation test, Benjamini–Hochberg across series",
      alpha: ENERGY_ALPHA,
      fdr: args.fdr,
      minSegment: args.minSegment,
      maxPermutations: permutations,
      sequentialExceedances: SEQUENTIAL_EXCEEDANCES,
      minMagnitude: args.minMagnitude,
      tests: allP.length,
    },
    versions: input.versions,
    series: out,
    environmentChanges,
  };
}

/** Each kept change point with the segments between its neighbours (in point order). */
function describe(points: readonly HistoryPoint[], kept: readonly { c: FoundChange; q: number }[]): HistoryChange[] {
  const sorted = [...kept].sort((a, b) => a.c.index - b.c.index);
  return sorted.map(({ c, q }, k) => {
    const start = k === 0 ? 0 : sorted[k - 1].c.index;
    const end = k === sorted.length - 1 ? points.length : sorted[k + 1].c.index;
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
      qValue: q,
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
