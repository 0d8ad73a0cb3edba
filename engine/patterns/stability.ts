// The patterns checked on halves of the runs (issue 28, after paper 004 §5.3:
// "All these recorded execution patterns ... can then be used for validation
// of future runs if the same execution patterns are reproduced"). A pattern is
// worth naming when other runs reproduce it, so the runs are halved, each
// pattern's runs halved apart (a pattern of two runs leaves one in each half),
// and each half clustered on its own by the same search (bic.ts), against the
// noise measured on all runs, with patterns of half the least size. Each
// half's clusters are extended to every run by the nearest centre; a half
// reproduces a pattern when the cluster most of the pattern's runs fall in is
// no other pattern's. The count of halves that reproduce each pattern is told
// (findPatterns.ts words it), not acted on: undoing the splits that a half
// did not reproduce, tried on real recordings, also undid behaviours that
// every run showed (a dozen runs per half has little power), while the noise
// test already keeps apart only what the noise does not make.
// Beyond the paper, which repeats runs to validate a pattern's performance
// (Table 3), not the clustering.
import { centroidsOf, type Points } from "../stats/kmeans.js";
import { squaredDistance } from "../stats/rowKernels.js";
import { subset } from "./principalAxes.js";
import type { NoiseModel } from "./splitNoise.js";

/** Clusters (indices into `half`) the search finds in a half, against the given noise. */
export type HalfSearch = (half: Points, noise: NoiseModel) => number[][];

/** Halves clustered on their own (two). */
export const HALVES = 2;

/** For each of the `k` clusters of `assignment`, how many of the two halves reproduce it. */
export function reproducedByHalves(
  points: Points,
  assignment: Int32Array,
  k: number,
  search: HalfSearch,
  noise: NoiseModel,
  random: () => number,
): Int32Array {
  const clusters = Array.from({ length: k }, () => [] as number[]);
  assignment.forEach((c, i) => clusters[c].push(i));
  const count = new Int32Array(k);
  if (k < 2) return count.fill(HALVES);
  for (const half of halves(clusters, random)) {
    const label = labelsFromHalf(points, half, search(subset(points, half), noise));
    const modes = clusters.map((members) => mode(members, label));
    modes.forEach((m, c) => {
      if (modes.every((other, o) => o === c || other !== m)) count[c]++;
    });
  }
  return count;
}

/** Two halves of the points, each cluster's points shuffled and dealt alternately. */
function halves(clusters: readonly number[][], random: () => number): number[][] {
  const out: number[][] = [[], []];
  for (const members of clusters) {
    const order = [...members];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    order.forEach((m, k) => out[k % 2].push(m));
  }
  return out.map((h) => h.sort((a, b) => a - b));
}

/** Every point's nearest centre among the half's clusters. */
function labelsFromHalf(points: Points, half: readonly number[], found: readonly number[][]): Int32Array {
  const d = points.dims;
  const assignment = new Int32Array(half.length);
  found.forEach((members, c) => members.forEach((i) => (assignment[i] = c)));
  const centres = centroidsOf(subset(points, half), assignment, found.length);
  const label = new Int32Array(points.n);
  for (let i = 0; i < points.n; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < found.length; c++) {
      const dist = squaredDistance(points.data, i * d, centres, c * d, d);
      if (dist < bestD) {
        bestD = dist;
        best = c;
      }
    }
    label[i] = best;
  }
  return label;
}

/** The most frequent label of `members` (the lowest on a tie). */
function mode(members: readonly number[], label: Int32Array): number {
  const count = new Map<number, number>();
  for (const i of members) count.set(label[i], (count.get(label[i]) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}
