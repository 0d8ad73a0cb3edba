// E-Divisive's divergence of the two sides of every split of a segment (Matteson & James 2014, "A
// nonparametric approach for multiple change point analysis of multivariate data", JASA 109(505), §2):
// for X = z[0..τ) (n points) and Y = z[τ..N) (m points), with α = 1 (parameters.ts),
//   Ê(X, Y) = 2/(nm) Σᵢⱼ |Xᵢ − Yⱼ| − 2/(n(n−1)) Σᵢ<ₖ |Xᵢ − Xₖ| − 2/(m(m−1)) Σⱼ<ₖ |Yⱼ − Yₖ|
//   Q̂(τ) = nm/(n+m) · Ê(X, Y),
// with the segment's end as κ, as MongoDB's and Hunter's implementations take it (Fleming et al., ICPE 2023):
// the split is searched, its end is the segment's. For univariate values and α = 1 every within-side sum is
// built point by point, each new point's distances to those before it read from a Fenwick tree over the
// values' ranks (count and sum of the smaller ones), so all splits cost O(N log N) rather than O(N²).

/** Scratch arrays sized for the longest segment, reused by every call (the permutation test calls it often). */
export class EnergyScratch {
  readonly count: Int32Array;
  readonly sum: Float64Array;
  readonly left: Float64Array;
  constructor(readonly size: number) {
    this.count = new Int32Array(size + 1);
    this.sum = new Float64Array(size + 1);
    this.left = new Float64Array(size + 1);
  }
}

/** A segment's points with what a split search needs of each: its rank 1..N (ties broken by position: a
 * tie's distance is 0 whichever side it counts on) and dᵢ = Σⱼ |vᵢ − vⱼ| over the whole segment. Both
 * belong to the value, not to its place, so a permutation moves them along with it. */
export interface SegmentPoints {
  readonly values: Float64Array;
  readonly ranks: Int32Array;
  readonly distances: Float64Array;
}

export function segmentPoints(v: ArrayLike<number>): SegmentPoints {
  const n = v.length;
  const values = Float64Array.from(v);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b] || a - b);
  const ranks = new Int32Array(n);
  const distances = new Float64Array(n);
  let total = 0;
  for (const i of order) total += values[i];
  let below = 0;
  order.forEach((i, k) => {
    const x = values[i];
    ranks[i] = k + 1;
    distances[i] = x * k - below + (total - below - x) - x * (n - k - 1);
    below += x;
  });
  return { values, ranks, distances };
}

/**
 * left[t] = Σ |v_i − v_k| over the pairs i < k < t, each new point's distances to those before it read
 * from a Fenwick tree of the ranks so far (count and sum of the smaller ones).
 */
function leftSums(p: SegmentPoints, s: EnergyScratch): void {
  // Locals, not property reads, in the hot loop (the permutation test runs it thousands of times).
  const { values: v, ranks: rank } = p;
  const { count, sum, left } = s;
  const n = v.length;
  count.fill(0, 0, n + 1);
  sum.fill(0, 0, n + 1);
  let total = 0;
  let acc = 0;
  left[0] = 0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    const ri = rank[i];
    let below = 0;
    let belowSum = 0;
    for (let r = ri - 1; r > 0; r &= r - 1) {
      below += count[r];
      belowSum += sum[r];
    }
    acc += x * (2 * below - i) + total - 2 * belowSum;
    for (let r = ri; r <= n; r += r & -r) {
      count[r]++;
      sum[r] += x;
    }
    total += x;
    left[i + 1] = acc;
  }
}

/**
 * The split τ (the first index after) with the largest Q̂ among those with at least `minSegment` points
 * a side. With D(τ) = Σ_{i<τ} dᵢ = 2·W₁(τ) + cross(τ), one pass gives both sides: cross = D − 2W₁ and
 * W₂ = T − W₁ − cross, T the whole's sum of pairwise distances.
 */
export function bestSplit(p: SegmentPoints, minSegment: number, s: EnergyScratch): { tau: number; q: number } | null {
  const n = p.values.length;
  const side = Math.max(2, minSegment);
  if (n < 2 * side) return null;
  leftSums(p, s);
  const { left } = s;
  const { distances } = p;
  const all = left[n];
  let d = 0;
  for (let i = 0; i < side; i++) d += distances[i];
  let bestTau = -1;
  let bestQ = -Infinity;
  for (let tau = side; tau <= n - side; tau++) {
    const within1 = left[tau];
    const cross = d - 2 * within1;
    const q = splitQ(cross, within1, all - within1 - cross, tau, n - tau);
    if (q > bestQ || bestTau < 0) {
      bestQ = q;
      bestTau = tau;
    }
    d += distances[tau];
  }
  return { tau: bestTau, q: bestQ };
}

/** Q̂ from the cross sum and each side's own. */
export function splitQ(cross: number, within1: number, within2: number, n: number, m: number): number {
  const e = (2 / (n * m)) * cross - (2 / (n * (n - 1))) * within1 - (2 / (m * (m - 1))) * within2;
  return ((n * m) / (n + m)) * e;
}
