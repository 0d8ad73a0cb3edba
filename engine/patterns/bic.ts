// Choosing K by the Bayesian Information Criterion (paper 004 §3.2.2: "The input
// parameter K is selected by Bayesian Information Criterion (BIC) method [19]";
// §3.2.3 again for the final clustering). [19] is the Schwarz criterion: the
// log-likelihood of the data under the model minus (p/2)·ln R for p free
// parameters and R points. For a k-means partition the model is a Gaussian per
// cluster, mixed in the clusters' proportions, sharing one diagonal covariance.
// X-means (Pelleg & Moore 2000) shares one spherical variance instead; on PCVs
// that over-splits: run-to-run noise lives in a few of the hundreds of
// dimensions (a boundary that moves, a thread that starts later), and a
// spherical model credits a split that halves the noise there with a likelihood
// gain in every dimension. With a variance per dimension the gain is counted
// where the noise is, and a split pays (p/2)·ln R for its d new means.
import { bestOf, seedingsFor, type Partition, type Points } from "./kmeans.js";
import { principalPoints } from "./principal.js";

export interface KChoice {
  /** The partition of the chosen K, over `space` (its centroids are principal coordinates). */
  readonly best: Partition;
  /** The points on their principal axes (principal.ts), in the order given. */
  readonly space: Points;
  /** BIC of every K tried, from K = 1; −Infinity where K left no degree of freedom. */
  readonly bic: readonly number[];
}

/** Progress of the search: K done out of the largest K. */
export type KProgress = (k: number, kmax: number) => void;

/** The partition of K = 1..kmax (at most n − 1: the variance needs n − K > 0) chosen by BIC
 * (BIC_SPREAD), found on the points' principal axes that spread beyond SHARE_RESOLUTION. */
export function chooseK(given: Points, kmax: number, seedings: number, seed: number, progress: KProgress = () => {}): KChoice {
  // Axes along which the runs spread less than the resolution tell no runs apart; each
  // would only add a mean per cluster to the BIC's penalty.
  const points = principalPoints(given, VARIANCE_FLOOR);
  // No axis left: the points do not differ beyond the resolution, one cluster.
  const top = points.dims === 0 ? 1 : Math.max(1, Math.min(kmax, points.n - 1));
  const bic: number[] = [];
  const partitions: Partition[] = [];
  const starts = seedingsFor(points, top, seedings, seed);
  for (let k = 1; k <= top; k++) {
    const p = bestOf(points, k, starts);
    partitions.push(p);
    bic.push(bicOf(p, points, VARIANCE_FLOOR));
    progress(k, top);
  }
  // The spread runs from the lowest score up to the best K, not beyond: past the best the
  // penalty takes the scores down again, and those lower scores say nothing about the rise.
  const high = Math.max(...bic);
  const low = Math.min(...bic.slice(0, bic.indexOf(high) + 1));
  const k = bic.findIndex((b) => b >= low + BIC_SPREAD * (high - low));
  return { best: partitions[k], space: points, bic };
}

/** Schwarz's BIC of a k-means partition: log-likelihood under the shared diagonal model,
 * each dimension's variance estimated from all clusters (σ_j² = SS_j / (R − K)). */
export function bicOf(p: Partition, points: Points, varianceFloor = 0): number {
  const { data, dims: d } = points;
  const R = points.n;
  const K = p.k;
  if (R - K <= 0) return K === 1 ? 0 : -Infinity;
  const ss = new Float64Array(d);
  for (let i = 0; i < R; i++) {
    const row = i * d;
    const c = p.assignment[i] * d;
    for (let j = 0; j < d; j++) {
      const t = data[row + j] - p.centroids[c + j];
      ss[j] += t * t;
    }
  }
  let logVariances = 0;
  for (let j = 0; j < d; j++) logVariances += Math.log(2 * Math.PI * Math.max(ss[j] / (R - K), varianceFloor));
  let mixing = 0;
  for (let c = 0; c < K; c++) if (p.sizes[c] > 0) mixing += p.sizes[c] * Math.log(p.sizes[c] / R);
  const logLikelihood = mixing - (R / 2) * logVariances - (d * (R - K)) / 2;
  const parameters = K - 1 + K * d + d;
  return logLikelihood - (parameters / 2) * Math.log(R);
}

/** The smallest K whose BIC gets this far from the lowest score to the highest is chosen, as
 * SimPoint [8] does: the BIC rises slowly long after the real clusters are found, as a Gaussian
 * model keeps gaining from splitting shapes that are not Gaussian (Hamerly & Elkan 2003 find
 * "the BIC is ineffective … it does not penalize strongly enough the model's complexity"). */
export const BIC_SPREAD = 0.9;

/** Features are shares of an interval's time (pcv.ts). A spread under 5 points of a share
 * along an axis counts as 5 points: identical runs would make the variance 0 and the
 * likelihood infinite, and a split that only sorts runs by differences this small (a
 * timer's resolution against a 1/20 of a run) is no new behaviour. */
export const SHARE_RESOLUTION = 0.05;
const VARIANCE_FLOOR = SHARE_RESOLUTION ** 2;
