// Choosing K by the Bayesian Information Criterion (paper 004 §3.2.3: "applying
// K-means again using BIC method to select K [19]"; [19] is Schwarz's
// criterion: the log-likelihood minus (p/2)·ln n for p free parameters and n
// points).
//
// The way K is searched is X-means' (Pelleg & Moore 2000): start from one
// cluster and split a cluster in two when the BIC of the two children beats
// the BIC of the parent, until no split pays or K reaches its limit; then
// Lloyd's iterations over all clusters. The split and its BIC are taken along
// the cluster's first principal axes (splitCandidate.ts).
//
// Beyond the paper (issue 28): in run vectors of hundreds of dimensions the
// BIC alone split identical runs (12 patterns for 12 runs of one design; ±15%
// timing jitter cut one behaviour in three). So the search runs in three steps:
//   1. grow: X-means splits as the BIC wants, each side at least
//      MIN_PATTERN_RUNS runs, largest cluster first, into at most
//      GROWTH_FACTOR × kmax clusters: finer than the patterns, so that what is
//      left within them is noise;
//   2. the noise: each dimension's pooled within-cluster variance over those
//      clusters (splitNoise.ts);
//   3. keep, from the top, largest first, at most kmax clusters, the splits
//      that two seeded Monte Carlo tests (splitNoise.ts) find rarely made
//      otherwise: by one even spread along the cluster's principal axes (runs
//      of one behaviour that jitter moves continuously), and by that noise in
//      all dimensions (a dozen noisy runs that some direction sets apart);
// and the result is checked on halves of the runs, each clustered on its own
// (stability.ts, 004 §5.3): how many halves reproduce each pattern is told.
import { settle, type Partition, type Points } from "../stats/kmeans.js";
import { planeOf, principalScores, subset } from "./principalAxes.js";
import { AXES_TRIED, proposeSplit, type SplitCandidate } from "./splitCandidate.js";
import { noiseOf, testAgainstNoise, testBimodality, type NoiseModel } from "./splitNoise.js";
import { reproducedByHalves } from "./stability.js";
import { seededRandom } from "../stats/random.js";

/** Runs a pattern needs at least: one run alone has no spread of its own to tell its difference
 * from the others' noise by, nor any other run that reproduces it (004 §5.3). */
export const MIN_PATTERN_RUNS = 2;

/** The significance a split must reach in each Monte Carlo test (splitNoise.ts; the usual 5%). */
export const SPLIT_ALPHA = 0.05;

/** Step 1 grows at most this many times kmax clusters: room for the BIC to split every pattern
 * once more, so the noise is measured within clusters finer than the patterns. */
export const GROWTH_FACTOR = 2;

/** Why a split was refused, or that it was kept. */
export type SplitOutcome = "accepted" | "too-small" | "no-gain" | "noise" | "one-spread" | "limit";

/** One split tried. Numbers a gate did not reach are null. */
export interface SplitDecision {
  /** The cluster's runs, and each proposed side's. */
  readonly size: number;
  readonly sizes: readonly [number, number] | null;
  /** BIC of two Gaussians minus that of one along the split's axis. */
  readonly gain: number | null;
  /** Share of the cluster's sum of squares between the sides. */
  readonly separation: number | null;
  /** How often noise of the data's level separates as many runs as much (Monte Carlo). */
  readonly p: number | null;
  /** How often one Gaussian spread along the cluster's principal axes gains as much (Monte Carlo). */
  readonly shapeP: number | null;
  readonly outcome: SplitOutcome;
  readonly accepted: boolean;
}

export interface KChoice {
  /** The final partition (centroids in the points' own space). */
  readonly best: Partition;
  /** Each point's scores on the first two principal axes of all points (zeros where they spread less), for a picture. */
  readonly plane: Float64Array;
  readonly splits: readonly SplitDecision[];
  /** The noise the splits were tested against. */
  readonly noise: NoiseModel;
  /** Per cluster of `best`, how many of two halves of the points, clustered on their own, reproduce it (stability.ts). */
  readonly reproduced: Int32Array;
}

/** Progress of the search: clusters so far out of the most allowed. */
export type KProgress = (k: number, kmax: number) => void;

/** Clusters found by BIC-driven splitting that beats noise and reproduces on halves, at most
 * `kmax`; `seed` draws the noise and the halves. */
export function chooseK(points: Points, kmax: number, progress: KProgress = () => {}, seed = 1): KChoice {
  const top = Math.max(1, Math.min(kmax, points.n));
  const random = seededRandom(seed);
  const axes = principalScores(points, AXES_TRIED);
  const found = searchClusters(points, top, MIN_PATTERN_RUNS, random, null, progress, axes);
  const best = settle(points, found.clusters);
  const halfSearch = (half: Points, noise: NoiseModel) =>
    searchClusters(half, top, Math.ceil(MIN_PATTERN_RUNS / 2), random, noise).clusters;
  const reproduced = reproducedByHalves(points, best.assignment, best.k, halfSearch, found.noise, random);
  return { best, plane: planeOf(points.n, axes), splits: found.splits, noise: found.noise, reproduced };
}

/** A cluster of step 1: split in two children by `candidate`, or a leaf, with why it was refused. */
interface Node {
  readonly members: number[];
  candidate: SplitCandidate | null;
  children: [Node, Node] | null;
  refused: SplitDecision | null;
}

/** Steps 1–3 on `points`: the clusters (lists of point indices), every split tried, and the noise
 * (measured here unless `noise` is given); `axes`, the points' principal scores if known. */
export function searchClusters(
  points: Points,
  top: number,
  minSize: number,
  random: () => number,
  noise: NoiseModel | null,
  progress: KProgress = () => {},
  axes?: readonly Float64Array[],
): { clusters: number[][]; splits: SplitDecision[]; noise: NoiseModel } {
  const splits: SplitDecision[] = [];
  const root = grow(points, top * GROWTH_FACTOR, minSize, axes);
  const measured = noise ?? noiseOf(points, leaves(root));
  const clusters: number[][] = [];
  let open = [root];
  while (open.length > 0) {
    open.sort((a, b) => b.members.length - a.members.length || a.members[0] - b.members[0]);
    const node = open.shift()!;
    const c = node.candidate;
    if (node.children === null || c === null) {
      if (node.refused !== null) splits.push(node.refused);
      clusters.push(node.members);
      continue;
    }
    const decision = { size: node.members.length, sizes: c.sizes, gain: c.gain, separation: c.separation };
    if (clusters.length + open.length + 2 > top) {
      splits.push({ ...decision, p: null, shapeP: null, outcome: "limit", accepted: false });
      clusters.push(node.members);
      continue;
    }
    // The cheap test first: one spread along the axes (1-D draws), then noise (draws in all dimensions).
    const shapeP = testBimodality(c, points.n, minSize, random).p;
    const noiseP =
      shapeP <= SPLIT_ALPHA
        ? testAgainstNoise(subset(points, node.members), c, measured, points.n, minSize, random).p
        : null;
    const accepted = noiseP !== null && noiseP <= SPLIT_ALPHA;
    const outcome = noiseP === null ? "one-spread" : accepted ? "accepted" : "noise";
    splits.push({ ...decision, p: noiseP, shapeP, outcome, accepted });
    if (accepted) open = open.concat(node.children);
    else clusters.push(node.members);
    progress(clusters.length + open.length, top);
  }
  return { clusters, splits, noise: measured };
}

/** Step 1: the tree of splits the BIC takes, largest cluster first, at most `budget` leaves. */
function grow(points: Points, budget: number, minSize: number, rootAxes?: readonly Float64Array[]): Node {
  const leaf = (members: number[]): Node => ({ members, candidate: null, children: null, refused: null });
  const root = leaf(Array.from({ length: points.n }, (_, i) => i));
  let open = [root];
  let count = 1;
  while (open.length > 0 && count < budget) {
    open.sort((a, b) => b.members.length - a.members.length || a.members[0] - b.members[0]);
    const node = open.shift()!;
    const size = node.members.length;
    if (size < 2 * minSize) {
      if (size >= 2)
        node.refused = {
          size,
          sizes: null,
          gain: null,
          separation: null,
          p: null,
          shapeP: null,
          outcome: "too-small",
          accepted: false,
        };
      continue;
    }
    const c = proposeSplit(
      node === root ? points : subset(points, node.members),
      points.n,
      minSize,
      node === root ? rootAxes : undefined,
    );
    // Points that do not spread at all have no split to score (and −∞ is no JSON).
    if (c === null) continue;
    if (!(c.gain > 0)) {
      node.refused = {
        size,
        sizes: c.sizes,
        gain: c.gain,
        separation: c.separation,
        p: null,
        shapeP: null,
        outcome: "no-gain",
        accepted: false,
      };
      continue;
    }
    const parts: [number[], number[]] = [[], []];
    node.members.forEach((m, i) => parts[c.side[i]].push(m));
    node.candidate = c;
    node.children = [leaf(parts[0]), leaf(parts[1])];
    open = open.concat(node.children);
    count++;
  }
  return root;
}

function leaves(node: Node): number[][] {
  return node.children === null ? [node.members] : [...leaves(node.children[0]), ...leaves(node.children[1])];
}
