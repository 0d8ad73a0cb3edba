// The split X-means proposes for one cluster (bic.ts), and its BIC: along each
// of the cluster's first principal axes, the cut in two under which two
// Gaussians are likeliest, scored as two Gaussians against one by the whole
// model's BIC (paper 004 §3.2.2–§3.2.3: "K is selected by
// Bayesian Information Criterion (BIC) method [19]", Schwarz's log-likelihood
// minus (p/2)·ln n). The BIC is taken in one dimension, as G-means tests a
// split's projection (Hamerly & Elkan 2003): over the whole space every one of
// hundreds of noisy dimensions charged each new centre a parameter and chose
// K = 1 where two behaviours lay 5.5 apart on the first axis with a spread of
// 0.3 (real recordings of examples/pool.c, 40 runs, 1,200 dimensions). Whether
// the proposed split beats noise is asked apart (splitNoise.ts).
import type { Points } from "../stats/kmeans.js";
import { principalScores } from "./principalAxes.js";
import { addRow, addSquaredDistance } from "../stats/rowKernels.js";

/** Features are shares of an interval's time (pcv.ts). A spread under 5 points of a share along
 * a direction counts as 5 points: identical runs would make a variance 0 and the likelihood
 * infinite, and runs that differ by less than that (a timer's resolution against a twentieth of
 * a run) show no new behaviour. */
export const SHARE_RESOLUTION = 0.05;
const VARIANCE_FLOOR = SHARE_RESOLUTION ** 2;

/** Principal axes of a cluster tried for a split: the behaviour that separates two groups is not
 * always the one that spreads the cluster most (a setup that varies continuously can spread it more
 * than a worker that starts late in some runs). Looking along several costs ln(AXES_TRIED). */
export const AXES_TRIED = 3;

export interface SplitCandidate {
  /** 0 or 1 per point of the cluster. */
  readonly side: Int32Array;
  readonly sizes: readonly [number, number];
  /** BIC of two Gaussians minus one along the chosen axis, less ln(AXES_TRIED). */
  readonly gain: number;
  /** The variance of the points along each principal axis tried (mean square of the scores). */
  readonly axisVariances: readonly number[];
  /** The between-sides sum of squares, in all dimensions: n₁n₂/n · ‖mean₁ − mean₂‖². */
  readonly between: number;
  /** `between` over the total sum of squares (2-means' R², SigClust's 1 − cluster index): how much
   * of the cluster's spread the split explains. */
  readonly separation: number;
}

/** The best split of `points` into two sides of at least `minSize` each, or null where the points
 * do not spread or are too few. `totalPoints` is every point's count (the model's n in the BIC);
 * `axes`, the points' scores on their first principal axes where already known. */
export function proposeSplit(
  points: Points,
  totalPoints: number,
  minSize: number,
  axes?: readonly Float64Array[],
): SplitCandidate | null {
  if (points.dims === 0 || points.n < 2 * minSize) return null;
  const scores = axes ?? principalScores(points, AXES_TRIED);
  const best = bestCut(scores, totalPoints, minSize);
  if (best === null) return null;
  let n1 = 0;
  for (const s of best.side) n1 += s;
  const axisVariances = scores.map((t) => t.reduce((a, x) => a + x * x, 0) / t.length);
  return {
    side: best.side,
    sizes: [points.n - n1, n1],
    gain: best.gain,
    axisVariances,
    ...separationOf(points, best.side),
  };
}

/** Over the axes' scores, the cut whose BIC gains most (less ln(AXES_TRIED) for looking along
 * several), or null where no axis can be cut. */
export function bestCut(
  scores: readonly Float64Array[],
  totalPoints: number,
  minSize: number,
): { side: Int32Array; gain: number } | null {
  let best: { side: Int32Array; gain: number } | null = null;
  for (const t of scores) {
    const side = cutInTwo(t, minSize);
    if (side === null) continue;
    const gain = splitGain(t, side, totalPoints) - Math.log(AXES_TRIED);
    if (best === null || gain > best.gain) best = { side, gain };
  }
  return best;
}

/** The two sides of the cut of `t` (values in order) under which two Gaussians, one per side,
 * are likeliest, each side of at least `minSize` values; null when `t` is too short for that. Not
 * the cut of least sum of squares (2-means): where one behaviour's runs lie tight and another's
 * spread (a loaded machine spreads some runs more than others), 2-means cuts the spread one in
 * the middle, while the likelihood, each side with its own variance, cuts between the two. */
export function cutInTwo(t: Float64Array, minSize = 1): Int32Array | null {
  const n = t.length;
  if (n < 2 * minSize || n < 2) return null;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => t[a] - t[b] || a - b);
  const { at } = likeliestCut(
    Float64Array.from(order, (i) => t[i]),
    minSize,
  );
  const out = new Int32Array(n);
  order.forEach((i, k) => (out[i] = k < at ? 0 : 1));
  return out;
}

/** Over the cuts of `sorted` (ascending) with at least `minSize` values a side, the one under which
 * two Gaussians, one per side, are likeliest: its position (values before it on side 0) and that
 * log-likelihood, each side weighted by its share. */
export function likeliestCut(sorted: Float64Array, minSize: number): { at: number; logLikelihood: number } {
  const n = sorted.length;
  if (prefix.length < n + 1) {
    prefix = new Float64Array(2 * (n + 1));
    prefix2 = new Float64Array(2 * (n + 1));
  }
  for (let k = 0; k < n; k++) {
    prefix[k + 1] = prefix[k] + sorted[k];
    prefix2[k + 1] = prefix2[k] + sorted[k] * sorted[k];
  }
  const low = Math.max(1, minSize);
  let at = low;
  let logLikelihood = -Infinity;
  for (let k = low; k <= n - low; k++) {
    const ll = sideLogLikelihood(0, k, n) + sideLogLikelihood(k, n, n);
    if (ll > logLikelihood) {
      logLikelihood = ll;
      at = k;
    }
  }
  return { at, logLikelihood };
}

/** Prefix sums of likeliestCut's values and of their squares (prefix[0] = 0), kept from call to call: it
 * runs for every axis of every split tried, in every Monte Carlo draw. */
let prefix = new Float64Array(64);
let prefix2 = new Float64Array(64);

/** The log-likelihood of values [from, to) of n (sorted, in the prefix sums) under one Gaussian, weighted by
 * their share. */
function sideLogLikelihood(from: number, to: number, n: number): number {
  const c = to - from;
  const s = prefix[to] - prefix[from];
  const variance = Math.max((prefix2[to] - prefix2[from] - (s * s) / c) / c, VARIANCE_FLOOR);
  return c * Math.log(c / n) - (c / 2) * Math.log(2 * Math.PI * variance) - c / 2;
}

/** The gain splitGain gives the likeliest cut of `values` (which it sorts), less ln(AXES_TRIED), as
 * bestCut scores one axis; −∞ where no cut has `minSize` values a side. */
export function gainOfLikeliestCut(values: Float64Array, totalPoints: number, minSize: number): number {
  const n = values.length;
  if (n < 2 * Math.max(1, minSize)) return -Infinity;
  const sorted = values.sort();
  return (
    likeliestCut(sorted, minSize).logLikelihood -
    logLikelihoodOne(sorted) -
    (3 / 2) * Math.log(totalPoints) -
    Math.log(AXES_TRIED)
  );
}

/** The change of the whole model's BIC when one cluster's points `t` (along the split's axis) are
 * given two Gaussians instead of one: the log-likelihood gained, less ½·ln R for each of the three
 * parameters a split adds (a mean, a variance, a mixing share). R is every point's count, not the
 * cluster's: the model whose BIC counts is the one of all R points, and its likelihood is the sum
 * of its clusters' (X-means scores a split by the cluster's own n, which lets clusters of two or
 * three runs split apart over differences that are only noise). */
export function splitGain(t: Float64Array, side: Int32Array, totalPoints: number): number {
  return logLikelihoodTwo(t, side) - logLikelihoodOne(t) - (3 / 2) * Math.log(totalPoints);
}

function logLikelihoodOne(t: Float64Array): number {
  const n = t.length;
  const { variance } = moments(t, null, 0);
  return -(n / 2) * Math.log(2 * Math.PI * variance) - n / 2;
}

/** Two Gaussians, one per side, mixed in their proportions. */
function logLikelihoodTwo(t: Float64Array, side: Int32Array): number {
  const n = t.length;
  let logLikelihood = 0;
  for (const c of [0, 1]) {
    const { count, variance } = moments(t, side, c);
    if (count === 0) return -Infinity;
    logLikelihood += count * Math.log(count / n) - (count / 2) * Math.log(2 * Math.PI * variance) - count / 2;
  }
  return logLikelihood;
}

/** Count and maximum-likelihood variance (floored) of the values on side `c` (all if `side` is null). */
function moments(t: Float64Array, side: Int32Array | null, c: number): { count: number; variance: number } {
  let count = 0;
  let sum = 0;
  for (let i = 0; i < t.length; i++) {
    if (side !== null && side[i] !== c) continue;
    count++;
    sum += t[i];
  }
  const mean = sum / Math.max(1, count);
  let ss = 0;
  for (let i = 0; i < t.length; i++) if (side === null || side[i] === c) ss += (t[i] - mean) ** 2;
  return { count, variance: Math.max(ss / Math.max(1, count), VARIANCE_FLOOR) };
}

/** The between-sides sum of squares, in all dimensions, and its share of the total (0 when the
 * points do not spread). */
export function separationOf(points: Points, side: Int32Array): { between: number; separation: number } {
  const { n, dims: d, data } = points;
  const { all, side0, side1 } = sideMeans(points, side);
  let total = 0;
  let within = 0;
  for (let i = 0; i < n; i++) {
    total = addSquaredDistance(total, data, i * d, all, 0, d);
    within = addSquaredDistance(within, data, i * d, side[i] === 0 ? side0 : side1, 0, d);
  }
  const between = Math.max(0, total - within);
  return { between, separation: total > 0 ? between / total : 0 };
}

/** Means of separationOf, kept from call to call: it runs for every split tried, in every Monte Carlo
 * draw, and three new arrays of a thousand dimensions each time were a tenth of a cold compare's garbage. */
let means = new Float64Array(0);

/** The mean of all points and of each side's, in `means` (valid until the next call). */
function sideMeans(points: Points, side: Int32Array): { all: Float64Array; side0: Float64Array; side1: Float64Array } {
  const { n, dims: d, data } = points;
  if (means.length < 3 * d) means = new Float64Array(3 * d);
  const all = means.subarray(0, d).fill(0);
  const side0 = means.subarray(d, 2 * d).fill(0);
  const side1 = means.subarray(2 * d, 3 * d).fill(0);
  let count0 = 0;
  let count1 = 0;
  for (let i = 0; i < n; i++) {
    const own = side[i] === 0 ? side0 : side1;
    if (side[i] === 0) count0++;
    else count1++;
    addRow(all, 0, data, i * d, d);
    addRow(own, 0, data, i * d, d);
  }
  for (let j = 0; j < d; j++) {
    all[j] /= Math.max(1, n);
    side0[j] /= Math.max(1, count0);
    side1[j] /= Math.max(1, count1);
  }
  return { all, side0, side1 };
}
