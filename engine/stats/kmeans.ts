// Points as rows of one Float64Array, and the k-means step that settles the
// clusters found by BIC (patterns/bic.ts): Lloyd's iterations from the clusters' centres
// (X-means' last step; paper 004 §3.2.2 and §3.2.3 cluster with K-means [7], [8]),
// run by ml-kmeans.
import { kmeans } from "ml-kmeans";
import { addRow } from "./rowKernels.js";

/** Lloyd iterations at most (ml-kmeans' default). */
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
}

/** Lloyd's iterations over all points from the given clusters' centres; a cluster left empty is dropped. */
export function settle(points: Points, clusters: readonly (readonly number[])[]): Partition {
  const { n, dims } = points;
  const rows = Array.from({ length: n }, (_, i) => Array.from(points.data.subarray(i * dims, (i + 1) * dims)));
  const start = clusters.map((members) => {
    const c = new Array<number>(dims).fill(0);
    for (const i of members) for (let j = 0; j < dims; j++) c[j] += rows[i][j] / members.length;
    return c;
  });
  const found =
    dims === 0 || clusters.length === 1
      ? new Array<number>(n).fill(0)
      : kmeans(rows, clusters.length, { initialization: start, maxIterations: MAX_ITERATIONS }).clusters;
  // Renumber the clusters that kept points, in order of their first point.
  const renumber = new Map<number, number>();
  const assignment = new Int32Array(n);
  found.forEach((c, i) => {
    if (!renumber.has(c)) renumber.set(c, renumber.size);
    assignment[i] = renumber.get(c)!;
  });
  const k = renumber.size;
  const sizes = new Int32Array(k);
  for (const c of assignment) sizes[c]++;
  return { k, assignment, centroids: centroidsOf(points, assignment, k), sizes };
}

/** The mean of each cluster's points. */
export function centroidsOf(points: Points, assignment: Int32Array, k: number): Float64Array {
  const { data, n, dims } = points;
  const centroids = new Float64Array(k * dims);
  const sizes = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const c = assignment[i];
    sizes[c]++;
    addRow(centroids, c * dims, data, i * dims, dims);
  }
  for (let c = 0; c < k; c++) for (let j = 0; j < dims; j++) centroids[c * dims + j] /= Math.max(1, sizes[c]);
  return centroids;
}
