// Two designs compared pattern by pattern (paper 004 §5.1, §5.2, §5.5): the
// runs of both clustered together (findPatterns), then common and unique
// patterns, runs matched one-to-one within common patterns, the improvement of
// B over A under the three strategies, the per-pattern table (Table 4, with its
// "unmatch" row), and beside them the baselines benchmarking tools use (§2.1,
// Table 1): difference of means, the normality interval with the runs it needs,
// Mann–Whitney with the Hodges–Lehmann shift, the visual test, and the share of
// run pairs B wins. Every result is a ratio in one convention (verdict/speedup.ts):
// how many times faster the faster design ran, every metric being lower-is-better.
import { squaredDistance } from "../stats/rowKernels.js";
import type { ExecutionPatternsResult, PatternRun } from "./result.js";
import { fractionBLower, mannWhitney, runsNeeded, visualTest } from "../stats/twoSamples.js";
import { meanRatio, medianRatio, pairedRatio } from "../stats/ratio.js";
import { speedupOf, type Speedup } from "../verdict/speedup.js";
import type { Baselines, DesignComparison, MatchedPair, PatternRow, Strategies } from "./comparisonResult.js";

export const SIDES = ["A", "B"] as const;

export interface ComparisonOptions {
  readonly confidence: number;
  /** Precision for the runs needed, as a share of the mean (004 §2.1: "3 percent confidence interval width"; Georges et al.). */
  readonly precision: number;
}

/** `vectors[i]` is run i's aligned PCV (findPatterns' model), in the order of `patterns.runs`. */
export function compareDesigns(
  patterns: ExecutionPatternsResult,
  vectors: readonly Float64Array[],
  labels: { a: string; b: string },
  options: ComparisonOptions,
): DesignComparison {
  const runs = patterns.runs;
  const measured = runs.map((r, i) => ({ r, i })).filter(({ r }) => r.metric !== null);
  const of = (side: string) => measured.filter(({ r }) => r.group === side);
  const a = of("A");
  const b = of("B");
  if (a.length === 0 || b.length === 0)
    throw new Error(`${labels.a} or ${labels.b} has no run with a ${patterns.metric.title} to compare`);
  const rows = patternRows(patterns, a, b);
  const matched = matchRuns(patterns, vectors, a, b);
  const strategies = strategyRatios(rows, matched, options.confidence);
  const baselines = baselinesOf(
    a.map(({ r }) => r.metric!),
    b.map(({ r }) => r.metric!),
    options,
  );
  return {
    labels,
    metric: patterns.metric,
    patterns,
    rows,
    matched,
    strategies,
    baselines,
    unmatched: unmatchedRow(a, b, rows),
    confidence: options.confidence,
    precision: options.precision,
  };
}

type Indexed = { readonly r: PatternRun; readonly i: number };

function patternRows(patterns: ExecutionPatternsResult, a: readonly Indexed[], b: readonly Indexed[]): PatternRow[] {
  return patterns.patterns.map((p, at): PatternRow => {
    const va = a.filter(({ r }) => r.pattern === at).map(({ r }) => r.metric!);
    const vb = b.filter(({ r }) => r.pattern === at).map(({ r }) => r.metric!);
    const meanA = va.length ? mean(va) : null;
    const meanB = vb.length ? mean(vb) : null;
    return {
      pattern: p.name,
      runsA: va.length,
      runsB: vb.length,
      shareA: va.length / a.length,
      shareB: vb.length / b.length,
      meanA,
      meanB,
      speedup: pointRatio(meanA, meanB, "ratio of the pattern's means"),
    };
  });
}

/** A ratio of two positive numbers as a speedup with no interval (a point estimate). */
function pointRatio(a: number | null, b: number | null, method: string): Speedup | null {
  if (a === null || b === null || !(a > 0 && b > 0)) return null;
  const log = Math.log(a / b);
  return speedupOf({ log, low: -Infinity, high: Infinity }, 1, method);
}

/** Within each common pattern, pairs of one run of A and one of B, nearest first (§5.1: "a run has a
 * one-to-one corresponding run on the other design with similar execution pattern"). */
function matchRuns(
  patterns: ExecutionPatternsResult,
  vectors: readonly Float64Array[],
  a: readonly Indexed[],
  b: readonly Indexed[],
): MatchedPair[] {
  const pairs: MatchedPair[] = [];
  patterns.patterns.forEach((p, at) => {
    const pa = a.filter(({ r }) => r.pattern === at);
    const pb = b.filter(({ r }) => r.pattern === at);
    // A run is matched only with a run of the same workload: interval alignment makes a small input's
    // run look like a large one's, and pairing them would compare input sizes, not designs.
    const candidates = pa.flatMap((x) =>
      pb
        .filter((y) => y.r.workload === x.r.workload)
        .map((y) => ({ x, y, d: squaredDistance(vectors[x.i], 0, vectors[y.i], 0, vectors[x.i].length) })),
    );
    candidates.sort((u, v) => u.d - v.d || u.x.r.runId - v.x.r.runId || u.y.r.runId - v.y.r.runId);
    const used = new Set<number>();
    for (const { x, y, d } of candidates) {
      if (used.has(x.i) || used.has(y.i)) continue;
      used.add(x.i);
      used.add(y.i);
      pairs.push({
        pattern: p.name,
        runA: x.r.runId,
        runB: y.r.runId,
        metricA: x.r.metric!,
        metricB: y.r.metric!,
        distance: Math.sqrt(d),
      });
    }
  });
  return pairs;
}

/**
 * §5.2's three strategies. The paper names what each summarises but no formula; here M-Run is the
 * geometric mean of the matched pairs' ratios, so each pair counts once whatever its size and the
 * paired t interval of their logs goes with it, and the pattern strategies, whose patterns may hold a
 * single run, are point estimates.
 */
function strategyRatios(rows: readonly PatternRow[], matched: readonly MatchedPair[], confidence: number): Strategies {
  const common = rows.filter((r) => r.meanA !== null && r.meanB !== null);
  const ofA = rows.filter((r) => r.meanA !== null);
  const ofB = rows.filter((r) => r.meanB !== null);
  const paired = pairedRatio(
    matched.map((m) => [m.metricA, m.metricB] as const),
    confidence,
  );
  const cPattern = common.length
    ? pointRatio(
        sum(common.map((r) => r.meanA!)),
        sum(common.map((r) => r.meanB!)),
        "ratio of the common patterns' summed means",
      )
    : null;
  const aPattern =
    pointRatio(
      mean(ofA.map((r) => r.meanA!)),
      mean(ofB.map((r) => r.meanB!)),
      "ratio of the means of every pattern's mean",
    ) ?? speedupOf({ log: 0, low: -Infinity, high: Infinity }, 1, "no positive means");
  return {
    // M-Run: the matched runs only, every pair counting once.
    mRun: paired
      ? {
          speedup: speedupOf(
            paired,
            confidence,
            "geometric mean of the matched pairs' ratios, paired t interval on the log scale",
          ),
          basis: matched.length,
        }
      : null,
    // C-Pattern: each common pattern counts once, whatever its number of runs.
    cPattern: cPattern ? { speedup: cPattern, basis: common.length } : null,
    // A-Pattern: each design's every pattern counts once, common or not.
    aPattern: { speedup: aPattern, basis: new Set([...ofA, ...ofB].map((r) => r.pattern)).size },
  };
}

/** Table 4's "Unmatch": runs of A's patterns that B never shows against runs of B's patterns that A never shows. */
function unmatchedRow(a: readonly Indexed[], b: readonly Indexed[], rows: readonly PatternRow[]): PatternRow | null {
  const onlyA = new Set(rows.map((r, at) => (r.runsB === 0 ? at : -1)).filter((at) => at >= 0));
  const onlyB = new Set(rows.map((r, at) => (r.runsA === 0 ? at : -1)).filter((at) => at >= 0));
  const va = a.filter(({ r }) => onlyA.has(r.pattern)).map(({ r }) => r.metric!);
  const vb = b.filter(({ r }) => onlyB.has(r.pattern)).map(({ r }) => r.metric!);
  if (va.length === 0 && vb.length === 0) return null;
  const meanA = va.length ? mean(va) : null;
  const meanB = vb.length ? mean(vb) : null;
  return {
    pattern: "unmatched",
    runsA: va.length,
    runsB: vb.length,
    shareA: va.length / a.length,
    shareB: vb.length / b.length,
    meanA,
    meanB,
    speedup: pointRatio(meanA, meanB, "ratio of the unmatched runs' means"),
  };
}

/** The baselines benchmarking tools use (004 §2.1) on one metric of two designs' runs. */
export function baselinesOf(a: readonly number[], b: readonly number[], o: ComparisonOptions): Baselines {
  const rank = mannWhitney(a, b);
  const visual = visualTest(a, b, o.confidence);
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const ratio = meanRatio(a, b, o.confidence);
  const medians = medianRatio(a, b, o.confidence);
  return {
    meanA: mean(a),
    meanB: mean(b),
    means: ratio ? speedupOf(ratio, o.confidence, "ratio of means, Welch's interval on the log scale") : null,
    runsNeededA: a.length > 1 ? finite(runsNeeded(a, o.confidence, o.precision)) : null,
    runsNeededB: b.length > 1 ? finite(runsNeeded(b, o.confidence, o.precision)) : null,
    mannWhitney: { u: rank.u, p: rank.p, method: rank.method },
    medians: medians ? speedupOf(medians, medians.confidence, "Hodges–Lehmann ratio of runs, Moses' interval") : null,
    visual: { a: pick(visual.a), b: pick(visual.b), overlap: visual.overlap },
    bLowerPairs: fractionBLower(a, b),
  };
}

function pick(i: { low: number; high: number; mean: number }) {
  return { low: i.low, high: i.high, mean: i.mean };
}

function sum(v: readonly number[]): number {
  return v.reduce((s, x) => s + x, 0);
}

function mean(v: readonly number[]): number {
  return sum(v) / v.length;
}
