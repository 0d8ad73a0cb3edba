// Whether a split X-means proposes (splitCandidate.ts) is more than noise
// (issue 28): two seeded Monte Carlo tests (Besag & Clifford 1991), each run
// the same split procedure on draws of a null and asks how often a draw does
// as well as the split. Beyond paper 004, which takes K-means' clusters with K
// by BIC as they come (§3.2.3):
//  - in run vectors of ~1,200 dimensions and a dozen runs, any two runs lie
//    far apart (ordinary noise summed over that many dimensions) and some
//    direction always sets a few of them apart, so the BIC along it split
//    identical runs (12 patterns for 12 runs of one design). The null: the
//    noise, estimated from the data as the pooled within-cluster variance of
//    each dimension over the finest clusters the BIC alone finds (bic.ts),
//    with n − K degrees of freedom, summarised by its total Σσ²_j and its
//    effective number of dimensions (Σσ²_j)² / Σσ⁴_j: the isotropic Gaussian
//    that matches it in the geometry that decides here (Hall, Marron & Neeman
//    2005: in high dimension the distances among n points depend on their
//    noise through these two). The statistic: the between-sides sum of
//    squares (SigClust, Liu et al. 2008, tests 2-means against a fitted
//    Gaussian the same way, but with the cluster's share of its own spread,
//    which a cluster holding more than two behaviours makes small). A split
//    beyond a bound the noise reaches with probability under 1.1% skips the
//    draws.
//  - runs of one behaviour that timing jitter moves continuously leave gaps
//    among a dozen runs that the BIC takes for two groups. The null: one even
//    spread along each of the cluster's principal axes; the statistic: the
//    split's BIC gain (testBimodality).
import type { Points } from "../stats/kmeans.js";
import { gainOfLikeliestCut, proposeSplit, type SplitCandidate } from "./splitCandidate.js";

/** Monte Carlo draws at most: 99, so p = (matches + 1) / 100, and a split passes α = 0.05 with at
 * most 4 matches. Besag & Clifford's sequential test stops at the MATCHES_TO_STOP-th draw that
 * matches the split (p = 5 / draws so far), so a split that noise matches often costs a few draws. */
export const NULL_DRAWS = 99;
const MATCHES_TO_STOP = 5;

/** A sequential Monte Carlo p-value (Besag & Clifford 1991): `draw()` gives the statistic under
 * the null; matching means reaching the observed value. */
export function monteCarloP(observed: number, draw: () => number | null): NoiseTest {
  let matches = 0;
  for (let k = 1; k <= NULL_DRAWS; k++) {
    const v = draw();
    if (v !== null && v >= observed && ++matches === MATCHES_TO_STOP) return { p: MATCHES_TO_STOP / k, draws: k };
  }
  return { p: (matches + 1) / (NULL_DRAWS + 1), draws: NULL_DRAWS };
}

/** t in the tail bound below: it misses with probability e^(−t²/2) = 1.1%. */
const BOUND_T = 3;

/** Isotropic Gaussian noise: its variance per dimension and its (effective) number of dimensions. */
export interface NoiseModel {
  readonly variance: number;
  readonly dims: number;
}

/** The noise left within `clusters` (indices into `points`): each dimension's pooled within-cluster
 * variance with n − K degrees of freedom, summarised by its total and effective dimensions. */
export function noiseOf(points: Points, clusters: readonly (readonly number[])[]): NoiseModel {
  const { dims: d, data } = points;
  const perDim = new Float64Array(d);
  let n = 0;
  for (const members of clusters) {
    const mean = new Float64Array(d);
    for (const i of members) for (let j = 0; j < d; j++) mean[j] += data[i * d + j] / members.length;
    for (const i of members) for (let j = 0; j < d; j++) perDim[j] += (data[i * d + j] - mean[j]) ** 2;
    n += members.length;
  }
  const df = n - clusters.length;
  let sum = 0;
  let sum2 = 0;
  for (let j = 0; j < d; j++) {
    const v = df > 0 ? perDim[j] / df : 0;
    sum += v;
    sum2 += v * v;
  }
  return sum > 0 ? { variance: sum2 / sum, dims: (sum * sum) / sum2 } : { variance: 0, dims: 0 };
}

/** A between-sides sum of squares the noise exceeds with probability under 1.1% for n points: it
 * is at most the largest squared singular value of the centred points, whose mean is at most
 * σ(√D + √n) for an n × D Gaussian matrix (Chevet's inequality) and which exceeds that by tσ with
 * probability at most e^(−t²/2) (Gaussian concentration, the norm being 1-Lipschitz). */
export function noiseBound(noise: NoiseModel, n: number): number {
  return noise.variance * (Math.sqrt(noise.dims) + Math.sqrt(n) + BOUND_T) ** 2;
}

export interface NoiseTest {
  /** Monte Carlo p-value (or the bound's 1.1% when the bound decided, 0 for noiseless points). */
  readonly p: number;
  /** Noise draws made. */
  readonly draws: number;
}

/** How often noise of level `noise`, split the same way, sets n points as far apart as the split of
 * `points` does. */
export function testAgainstNoise(
  points: Points,
  candidate: SplitCandidate,
  noise: NoiseModel,
  totalPoints: number,
  minSize: number,
  random: () => number,
): NoiseTest {
  // No noise at all: any separation is exact.
  if (noise.variance === 0) return { p: 0, draws: 0 };
  if (candidate.between > noiseBound(noise, points.n)) return { p: Math.exp(-(BOUND_T ** 2) / 2), draws: 0 };
  const normal = normals(random);
  return monteCarloP(
    candidate.between,
    () => proposeSplit(drawNoise(noise, points.n, normal, random), totalPoints, minSize)?.between ?? null,
  );
}

/** n points of the noise, in as few dimensions as keep their geometry: with D ≥ n dimensions,
 * n points of N(0, σ²I_D) have the pairwise distances of the rows of σL, L the lower-triangular
 * Bartlett factor of a Wishart_n(D) matrix (L_ii² ~ χ²(D − i + 1), L_ij ~ N(0, 1) below), and
 * every step of a split (centring, principal axes, cuts, sums of squares) depends on the points only
 * through those distances. */
export function drawNoise(noise: NoiseModel, n: number, normal: () => number, random: () => number): Points {
  const sd = Math.sqrt(noise.variance);
  if (noise.dims < n) {
    const q = Math.max(1, Math.round(noise.dims));
    const data = new Float64Array(n * q);
    for (let i = 0; i < data.length; i++) data[i] = sd * normal();
    return { data, n, dims: q };
  }
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) data[i * n + j] = sd * normal();
    data[i * n + i] = sd * Math.sqrt(2 * gamma((noise.dims - i) / 2, normal, random));
  }
  return { data, n, dims: n };
}

/** How often one unimodal spread along each of the cluster's principal axes, with the cluster's
 * own variance there, cut the same way, gains as much as the split does: the BIC's reading of two
 * groups checked against a spread that has one (a parametric bootstrap of the likelihood ratio
 * of one component against two, McLachlan 1987, as its usual χ² does not hold for mixtures). The
 * spread drawn is the uniform, the unimodal distribution least favourable to this question
 * (Hartigan & Hartigan 1985 calibrate the dip test on it): a Gaussian null is beaten by any flat
 * spread, and a behaviour whose runs spread evenly (±15% timing jitter moves a phase's end by a
 * few intervals) is such a spread. */
export function testBimodality(
  candidate: SplitCandidate,
  totalPoints: number,
  minSize: number,
  random: () => number,
): NoiseTest {
  const n = candidate.side.length;
  const values = new Float64Array(n);
  return monteCarloP(candidate.gain, () => {
    let best = -Infinity;
    for (const v of candidate.axisVariances) {
      const width = Math.sqrt(12 * v);
      for (let i = 0; i < n; i++) values[i] = width * (random() - 0.5);
      best = Math.max(best, gainOfLikeliestCut(values, totalPoints, minSize));
    }
    return Number.isFinite(best) ? best : null;
  });
}

/** Standard normal draws (Box–Muller, both of each pair used). */
export function normals(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const r = Math.sqrt(-2 * Math.log(1 - random()));
    const a = 2 * Math.PI * random();
    spare = r * Math.sin(a);
    return r * Math.cos(a);
  };
}

/** A Gamma(shape, 1) draw (Marsaglia & Tsang 2000; shape < 1 by Gamma(shape + 1)·U^(1/shape)). */
function gamma(shape: number, normal: () => number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, normal, random) * Math.pow(1 - random(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal();
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}
