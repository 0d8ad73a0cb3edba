// Choosing K by the Bayesian Information Criterion (paper 004 §3.2.2: "The input
// parameter K is selected by Bayesian Information Criterion (BIC) method [19]";
// §3.2.3 again for the final clustering; [19] is Schwarz's criterion: the
// log-likelihood minus (p/2)·ln n for p free parameters and n points).
//
// The way K is searched is X-means' (Pelleg & Moore 2000): start from one
// cluster and split a cluster in two (2-means) when the BIC of the two children
// beats the BIC of the parent, until no split pays or K reaches its limit; then
// Lloyd's iterations over all clusters. The BIC of a split is taken in one
// dimension, as G-means tests a split's projection (Hamerly & Elkan 2003): along
// each of the cluster's first principal axes, one Gaussian against two. The
// BIC over the whole space, as a single score per K, failed on real recordings
// of examples/pool.c (40 runs, aligned PCVs of 1,200 dimensions): it chose K = 1 where two behaviours lay 5.5 apart on the first
// principal axis with a spread of 0.3, because every one of hundreds of noisy
// dimensions charged each new centre a parameter, and K = 20 or 30 elsewhere,
// because k-means at K near n pairs the nearest runs and the pooled variance of
// those pairs looks tiny. In one dimension neither happens: two separated
// groups along an axis are two Gaussians' business, a spread without a gap
// mostly one's (a uniform spread gains nothing from two halves; a skewed one
// can still be cut, so a continuous variation over many runs can give a few
// patterns).
import { settle, type Partition, type Points } from "./kmeans.js";

/** Features are shares of an interval's time (pcv.ts). A spread under 5 points of a share along
 * a direction counts as 5 points: identical runs would make a variance 0 and the likelihood
 * infinite, and runs that differ by less than that (a timer's resolution against a twentieth of
 * a run) show no new behaviour. */
export const SHARE_RESOLUTION = 0.05;
const VARIANCE_FLOOR = SHARE_RESOLUTION ** 2;

/** One split tried: the cluster's size and the BIC of two Gaussians minus that of one along its direction. */
export interface SplitDecision {
  readonly size: number;
  readonly gain: number;
  readonly accepted: boolean;
}

export interface KChoice {
  /** The final partition (centroids in the points' own space). */
  readonly best: Partition;
  /** Each point's scores on the first two principal axes of all points (zeros where they spread less), for a picture. */
  readonly plane: Float64Array;
  readonly splits: readonly SplitDecision[];
}

/** Progress of the search: clusters so far out of the most allowed. */
export type KProgress = (k: number, kmax: number) => void;

/** Clusters found by BIC-driven splitting, at most `kmax`. */
export function chooseK(points: Points, kmax: number, progress: KProgress = () => {}): KChoice {
  const top = Math.max(1, Math.min(kmax, points.n));
  let clusters: number[][] = [Array.from({ length: points.n }, (_, i) => i)];
  const splits: SplitDecision[] = [];
  const settled = new Set<number[]>();
  while (clusters.length < top) {
    // The largest cluster not yet settled (first in order on a tie): deterministic.
    const open = clusters.filter((c) => !settled.has(c) && c.length >= 2).sort((a, b) => b.length - a.length || a[0] - b[0]);
    if (open.length === 0) break;
    const parent = open[0];
    const children = trySplit(points, parent);
    // A cluster whose points do not spread at all has no split to score (and −∞ is no JSON).
    if (Number.isFinite(children.gain)) splits.push({ size: parent.length, gain: children.gain, accepted: children.parts !== null });
    if (children.parts === null) settled.add(parent);
    else clusters = clusters.filter((c) => c !== parent).concat(children.parts);
    progress(clusters.length, top);
  }
  return { best: settle(points, clusters), plane: planeOf(points), splits };
}

/** Principal axes of a cluster tried for a split: the behaviour that separates two groups is not
 * always the one that spreads the cluster most (a setup that varies continuously can spread it more
 * than a worker that starts late in some runs). */
export const AXES_TRIED = 3;

/** The cluster's points projected on each of its first principal axes, each cut in two where the sum
 * of squares is least (2-means in one dimension, exact); the best cut, if two Gaussians beat one
 * there by BIC after paying ln(AXES_TRIED) for having looked along several axes. */
function trySplit(points: Points, members: readonly number[]): { parts: number[][] | null; gain: number } {
  if (points.dims === 0) return { parts: null, gain: -Infinity };
  let best: { side: Int32Array; gain: number } | null = null;
  for (const t of principalScores(subset(points, members), AXES_TRIED)) {
    const side = cutInTwo(t);
    const gain = splitGain(t, side, points.n) - Math.log(AXES_TRIED);
    if (best === null || gain > best.gain) best = { side, gain };
  }
  if (best === null || !(best.gain > 0)) return { parts: null, gain: best?.gain ?? -Infinity };
  const parts: number[][] = [[], []];
  members.forEach((m, i) => parts[best!.side[i]].push(m));
  return { parts, gain: best.gain };
}

const POWER_ITERATIONS = 60;

/** Scores on the `count` directions of greatest spread, one after another (power iteration on the
 * centred points, each started towards the point farthest from the centre, then taken out of the
 * points before the next), so the same points give the same axes. The axes are the spread's, not a
 * split's: in more dimensions than points any two halves can be set apart along some direction, and
 * the one 2-means would pick always looks bimodal. */
function principalScores(sub: Points, count: number): Float64Array[] {
  const { n, dims: d } = sub;
  const x = sub.data.slice();
  for (let j = 0; j < d; j++) {
    let m = 0;
    for (let i = 0; i < n; i++) m += x[i * d + j];
    for (let i = 0; i < n; i++) x[i * d + j] -= m / n;
  }
  const out: Float64Array[] = [];
  for (let axis = 0; axis < Math.min(count, d, n - 1); axis++) {
    const t = mainAxisScores(x, n, d);
    if (t === null) break;
    out.push(t.scores);
    // Deflate: take this axis out of every point.
    for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) x[i * d + j] -= t.scores[i] * t.axis[j];
  }
  return out;
}

/** The unit axis of greatest spread of the centred rows of `x`, and each row's score on it; null
 * where the rows do not spread. */
function mainAxisScores(x: Float64Array, n: number, d: number): { axis: Float64Array; scores: Float64Array } | null {
  let far = 0;
  let farNorm = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += x[i * d + j] ** 2;
    if (s > farNorm) {
      farNorm = s;
      far = i;
    }
  }
  if (!(farNorm > 0)) return null;
  let v = x.slice(far * d, (far + 1) * d).map((c) => c / Math.sqrt(farNorm));
  const t = new Float64Array(n);
  for (let it = 0; it < POWER_ITERATIONS; it++) {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += x[i * d + j] * v[j];
      t[i] = s;
    }
    const next = new Float64Array(d);
    for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) next[j] += x[i * d + j] * t[i];
    let len = 0;
    for (let j = 0; j < d; j++) len += next[j] ** 2;
    len = Math.sqrt(len);
    if (!(len > 0)) return null;
    let change = 0;
    for (let j = 0; j < d; j++) {
      next[j] /= len;
      change += (next[j] - v[j]) ** 2;
    }
    v = next;
    if (change < 1e-9) break; // the axis to a few parts in 10⁵: enough to cut along it
  }
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += x[i * d + j] * v[j];
    t[i] = s;
  }
  return { axis: v, scores: t };
}

/** The two sides of the cut of `t` with the least sum of squares (both non-empty when n ≥ 2). */
export function cutInTwo(t: Float64Array): Int32Array {
  const n = t.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => t[a] - t[b] || a - b);
  const prefix = new Float64Array(n + 1);
  const prefix2 = new Float64Array(n + 1);
  order.forEach((i, k) => {
    prefix[k + 1] = prefix[k] + t[i];
    prefix2[k + 1] = prefix2[k] + t[i] * t[i];
  });
  const ss = (from: number, to: number) => {
    const c = to - from;
    const s = prefix[to] - prefix[from];
    return prefix2[to] - prefix2[from] - (s * s) / c;
  };
  let best = 1;
  let bestSs = Infinity;
  for (let k = 1; k < n; k++) {
    const v = ss(0, k) + ss(k, n);
    if (v < bestSs) {
      bestSs = v;
      best = k;
    }
  }
  const side = new Int32Array(n);
  order.forEach((i, k) => (side[i] = k < best ? 0 : 1));
  return side;
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

/** One Gaussian fitted to `t`. */
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

function planeOf(points: Points): Float64Array {
  const out = new Float64Array(points.n * 2);
  principalScores(points, 2).forEach((t, axis) => t.forEach((x, i) => (out[i * 2 + axis] = x)));
  return out;
}

function subset(points: Points, members: readonly number[]): Points {
  const d = points.dims;
  const data = new Float64Array(members.length * d);
  members.forEach((m, i) => data.set(points.data.subarray(m * d, (m + 1) * d), i * d));
  return { data, n: members.length, dims: d };
}
