// K-means over rows of one Float64Array (paper 004 §3.2.2 and §3.2.3 cluster
// threads and then runs with K-means [7], [8]): k-means++ seeding (Arthur &
// Vassilvitskii 2007) from a seeded generator, Lloyd iterations, the best of
// several seedings by the sum of squared distances. Written over typed arrays
// rather than taken from ml-kmeans: on the benchmark's 400 runs × 600 dimensions
// with K = 1..30 and 5 seedings, ml-kmeans 7 took 45 s (its k-means++ goes
// through ml-matrix) and 2.6 s with our seeding, against a 2 s budget for the
// whole analysis; the unit tests check this one against ml-kmeans from the same
// initial centres.
import { seededRandom } from "../stats/random.js";

/** Lloyd iterations at most (ml-kmeans' default too). */
export const MAX_ITERATIONS = 100;

export interface Points {
  /** Row-major: point i is data[i·dims, (i+1)·dims). */
  readonly data: Float64Array;
  readonly n: number;
  readonly dims: number;
}

export interface Partition {
  readonly k: number;
  /** Cluster of each point, 0..k−1; every cluster has at least one point. */
  readonly assignment: Int32Array;
  /** Row-major k × dims. */
  readonly centroids: Float64Array;
  /** Points per cluster. */
  readonly sizes: Int32Array;
  /** Sum of squared distances of the points to their centroids. */
  readonly sse: number;
}

/** The best partition into k clusters (k ≤ n) over `seedings` k-means++ seedings drawn from `seed`. */
export function kmeans(points: Points, k: number, seedings: number, seed: number): Partition {
  return bestOf(points, k, seedingsFor(points, k, seedings, seed));
}

/** The k-means++ picks (point indices) of each seeding, `kmax` long. Each pick depends only on the
 * ones before it and one draw, so the first k picks are the seeding for k: one sequence serves every
 * K of a BIC search (bic.ts) at the cost of the largest. */
export function seedingsFor(points: Points, kmax: number, seedings: number, seed: number): Int32Array[] {
  if (!(kmax >= 1 && kmax <= points.n)) throw new Error(`k-means: k = ${kmax} needs 1 ≤ k ≤ ${points.n} points`);
  const random = seededRandom(seed);
  return Array.from({ length: Math.max(1, seedings) }, () => seedPicks(points, kmax, random));
}

/** Lloyd from the first k picks of each seeding; the partition with the least SSE. */
export function bestOf(points: Points, k: number, seedings: readonly Int32Array[]): Partition {
  let best: Partition | null = null;
  for (const picks of seedings) {
    const centres = new Float64Array(k * points.dims);
    for (let c = 0; c < k; c++) centres.set(points.data.subarray(picks[c] * points.dims, (picks[c] + 1) * points.dims), c * points.dims);
    const p = lloyd(points, centres, k);
    if (best === null || p.sse < best.sse) best = p;
  }
  return best!;
}

/** Lloyd's iterations from the given centres until no point changes cluster. */
export function lloyd(points: Points, initial: Float64Array, k: number): Partition {
  const { data, n, dims } = points;
  const centroids = initial.slice();
  const assignment = new Int32Array(n).fill(-1);
  const sizes = new Int32Array(k);
  // The first pass always moves (from −1); after an update the centroids
  // match the assignment, so a pass that moves nothing ends it.
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    if (!assign(points, centroids, k, assignment)) break;
    update(points, assignment, centroids, sizes, k);
    refillEmpty(points, assignment, centroids, sizes, k);
  }
  let sse = 0;
  for (let i = 0; i < n; i++) sse += squaredDistance(data, i * dims, centroids, assignment[i] * dims, dims);
  return { k, assignment, centroids, sizes, sse };
}

/** k-means++: the first centre uniformly, each next one with probability ∝ its squared distance to the nearest centre so far. */
function seedPicks(points: Points, k: number, random: () => number): Int32Array {
  const { data, n, dims } = points;
  const picks = new Int32Array(k);
  const nearest = new Float64Array(n).fill(Infinity);
  picks[0] = Math.min(n - 1, Math.floor(random() * n));
  for (let c = 1; c < k; c++) {
    const last = picks[c - 1] * dims;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = squaredDistance(data, i * dims, data, last, dims);
      if (d < nearest[i]) nearest[i] = d;
      total += nearest[i];
    }
    // One draw per pick, so the picks of a shorter seeding are a prefix of a longer one's.
    const u = random();
    let pick = Math.min(n - 1, Math.floor(u * n)); // every point on a centre already: any will do
    if (total > 0) {
      let r = u * total;
      pick = n - 1;
      for (let i = 0; i < n; i++) {
        r -= nearest[i];
        if (r < 0) {
          pick = i;
          break;
        }
      }
    }
    picks[c] = pick;
  }
  return picks;
}

/** Each point to its nearest centre (the lower index on a tie); whether any point moved. */
function assign(points: Points, centroids: Float64Array, k: number, assignment: Int32Array): boolean {
  const { data, n, dims } = points;
  let moved = false;
  for (let i = 0; i < n; i++) {
    let bestC = 0;
    let bestD = Infinity;
    for (let c = 0; c < k; c++) {
      const d = boundedDistance(data, i * dims, centroids, c * dims, dims, bestD);
      if (d < bestD) {
        bestD = d;
        bestC = c;
      }
    }
    if (assignment[i] !== bestC) {
      assignment[i] = bestC;
      moved = true;
    }
  }
  return moved;
}

/** The mean of each cluster's points: centroids in the space of `points` for a partition found in another. */
export function centroidsOf(points: Points, assignment: Int32Array, k: number): Float64Array {
  const centroids = new Float64Array(k * points.dims);
  update(points, assignment, centroids, new Int32Array(k), k);
  return centroids;
}

function update(points: Points, assignment: Int32Array, centroids: Float64Array, sizes: Int32Array, k: number): void {
  const { data, n, dims } = points;
  const sums = new Float64Array(k * dims);
  sizes.fill(0);
  for (let i = 0; i < n; i++) {
    const c = assignment[i];
    sizes[c]++;
    const at = c * dims;
    const from = i * dims;
    for (let j = 0; j < dims; j++) sums[at + j] += data[from + j];
  }
  for (let c = 0; c < k; c++) {
    if (sizes[c] === 0) continue; // kept; refillEmpty moves it
    const at = c * dims;
    for (let j = 0; j < dims; j++) centroids[at + j] = sums[at + j] / sizes[c];
  }
}

/** An empty cluster takes the point farthest from its own centroid, so k clusters stay k. */
function refillEmpty(points: Points, assignment: Int32Array, centroids: Float64Array, sizes: Int32Array, k: number): void {
  const { data, n, dims } = points;
  for (let c = 0; c < k; c++) {
    if (sizes[c] > 0) continue;
    let far = -1;
    let farD = -1;
    for (let i = 0; i < n; i++) {
      if (sizes[assignment[i]] < 2) continue;
      const d = squaredDistance(data, i * dims, centroids, assignment[i] * dims, dims);
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far < 0) return; // fewer distinct donors than clusters: k ≤ n keeps this from happening
    const old = assignment[far];
    assignment[far] = c;
    sizes[old]--;
    sizes[c] = 1;
    centroids.set(data.subarray(far * dims, (far + 1) * dims), c * dims);
    recentre(points, assignment, centroids, old);
  }
}

function recentre(points: Points, assignment: Int32Array, centroids: Float64Array, c: number): void {
  const { data, n, dims } = points;
  const at = c * dims;
  centroids.fill(0, at, at + dims);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (assignment[i] !== c) continue;
    count++;
    for (let j = 0; j < dims; j++) centroids[at + j] += data[i * dims + j];
  }
  for (let j = 0; j < dims; j++) centroids[at + j] /= count;
}

/** The squared distance, or any value ≥ `bound` once the partial sum reaches it:
 * most centres are far, and a few dozen of the dimensions tell. */
function boundedDistance(a: Float64Array, ai: number, b: Float64Array, bi: number, dims: number, bound: number): number {
  let s = 0;
  let j = 0;
  while (j < dims) {
    const end = Math.min(dims, j + 16);
    for (; j < end; j++) {
      const t = a[ai + j] - b[bi + j];
      s += t * t;
    }
    if (s >= bound) return s;
  }
  return s;
}

export function squaredDistance(a: Float64Array, ai: number, b: Float64Array, bi: number, dims: number): number {
  let s = 0;
  for (let j = 0; j < dims; j++) {
    const t = a[ai + j] - b[bi + j];
    s += t * t;
  }
  return s;
}
