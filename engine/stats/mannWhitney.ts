// The non-parametric baseline of paper 004 (§2.1, §6 "Non-parametric testing", after Chen et
// al. 2012): the Mann–Whitney U test, or Wilcoxon rank-sum test, of whether A's runs and B's
// runs come from one distribution. It assumes nothing about that distribution's shape.
import { normalUpperTail, requireValues } from "./meanInterval.js";
import { addRowScaled } from "./rowKernels.js";

/**
 * Exact null distribution of U when both samples have at most this many runs and no value
 * repeats; R's wilcox.test goes exact below 50 runs each. At 50 × 50 the recursion below takes
 * about 3 M multiply-adds.
 */
export const EXACT_MAX_RUNS = 50;
/** Half a unit off |U − nm/2|: the continuity correction of the normal approximation (scipy, R). */
export const CONTINUITY = 0.5;

export interface RankTest {
  /** Pairs (aᵢ, bⱼ) with aᵢ > bⱼ, a tie counting ½: Mann & Whitney's U for a. */
  readonly u: number;
  /** Two-sided p-value of "a and b come from one distribution". */
  readonly p: number;
  /** "exact": U's null distribution (no ties, ≤ 50 runs each); else normal with tie and continuity corrections. */
  readonly method: "exact" | "normal";
}

/** U for a, and Σ(t³ − t) over the groups of t equal values in the pooled runs (0 when none tie); NaN for NaN runs. */
export interface PairCounts {
  readonly uA: number;
  readonly tieTerm: number;
}

export function mannWhitney(a: ArrayLike<number>, b: ArrayLike<number>): RankTest {
  requireValues(a, "mannWhitney: a");
  requireValues(b, "mannWhitney: b");
  const n = a.length;
  const m = b.length;
  const { uA, tieTerm } = countPairs(sortedCopy(a), sortedCopy(b));
  // Two-sided: the larger of U_a and U_b = nm − U_a against its upper tail, doubled (as scipy).
  const uMax = Math.max(uA, n * m - uA);
  if (usesExact(n, m, tieTerm)) {
    const pmf = exactUDistribution(n, m);
    let tail = 0;
    for (let u = n * m; u >= uMax; u--) tail += pmf[u]; // smallest terms first
    return { u: uA, p: Math.min(1, 2 * tail), method: "exact" };
  }
  const z = (uMax - (n * m) / 2 - CONTINUITY) / uStandardDeviation(n, m, tieTerm);
  return { u: uA, p: Math.min(1, 2 * normalUpperTail(z)), method: "normal" };
}

export function sortedCopy(x: ArrayLike<number>): Float64Array {
  return Float64Array.from(x).sort();
}

/** One merge of the two sorted samples, value group by value group. */
export function countPairs(a: Float64Array, b: Float64Array): PairCounts {
  let i = 0;
  let j = 0;
  let uA = 0;
  let tieTerm = 0;
  while (i < a.length || j < b.length) {
    const v = j === b.length || (i < a.length && a[i] < b[j]) ? a[i] : b[j];
    const bBelow = j;
    let inA = 0;
    let inB = 0;
    for (; i < a.length && a[i] === v; i++) inA++;
    for (; j < b.length && b[j] === v; j++) inB++;
    if (inA + inB === 0) return { uA: NaN, tieTerm: NaN }; // v is NaN: equal to nothing
    uA += inA * bBelow + (inA * inB) / 2;
    const t = inA + inB;
    tieTerm += t * t * t - t;
  }
  return { uA, tieTerm };
}

export function usesExact(n: number, m: number, tieTerm: number): boolean {
  return tieTerm === 0 && n <= EXACT_MAX_RUNS && m <= EXACT_MAX_RUNS;
}

/**
 * σ of U under the null, corrected for ties: nm/12·((N + 1) − Σ(t³ − t)/(N(N − 1))), N = n + m
 * (Lehmann 1975, as scipy and R compute it).
 */
export function uStandardDeviation(n: number, m: number, tieTerm: number): number {
  const total = n + m;
  return Math.sqrt(((n * m) / 12) * (total + 1 - tieTerm / (total * (total - 1))));
}

/**
 * P(U = u), u = 0 … nm, for n and m runs without ties, by Mann & Whitney's (1947) recursion
 * p(n, m; u) = n/(n+m)·p(n−1, m; u−m) + m/(n+m)·p(n, m−1; u): the largest of the n + m runs is
 * one of a's with probability n/(n+m), and then it exceeds all m of b's. Every step is a convex
 * combination of probabilities, so nothing cancels (counts would pass 2⁵³ at 50 × 50).
 */
export function exactUDistribution(n: number, m: number): Float64Array {
  // The distribution is symmetric in n and m; one order makes it so to the last bit as well.
  if (n > m) return exactUDistribution(m, n);
  let previous: Float64Array[] = Array.from({ length: m + 1 }, () => Float64Array.of(1)); // n = 0: U = 0
  for (let i = 1; i <= n; i++) {
    const row: Float64Array[] = [Float64Array.of(1)]; // m = 0: U = 0
    for (let j = 1; j <= m; j++) {
      const p = new Float64Array(i * j + 1);
      const aLargest = previous[j];
      const bLargest = row[j - 1];
      const wA = i / (i + j);
      const wB = j / (i + j);
      addRowScaled(p, j, aLargest, 0, aLargest.length, wA);
      addRowScaled(p, 0, bLargest, 0, bLargest.length, wB);
      row.push(p);
    }
    previous = row;
  }
  return previous[m];
}
