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
  readonly right: Float64Array;
  constructor(readonly size: number) {
    this.count = new Int32Array(size + 1);
    this.sum = new Float64Array(size + 1);
    this.left = new Float64Array(size + 1);
    this.right = new Float64Array(size + 1);
  }
}

/** The ranks 1..N of `v` (ties broken by position: a tie's distance is 0 whichever side it counts on). */
export function ranksOf(v: ArrayLike<number>): Int32Array {
  const order = Array.from({ length: v.length }, (_, i) => i).sort((a, b) => v[a] - v[b] || a - b);
  const rank = new Int32Array(v.length);
  order.forEach((i, r) => (rank[i] = r + 1));
  return rank;
}

/**
 * out[t] = Σ |v_i − v_k| over the pairs i < k < t (from the front), or over t ≤ i < k < N (from the back,
 * written at out[t]); `rank` is `ranksOf(v)`.
 */
function withinSums(v: ArrayLike<number>, rank: ArrayLike<number>, s: EnergyScratch, out: Float64Array, back: boolean) {
  const n = v.length;
  s.count.fill(0, 0, n + 1);
  s.sum.fill(0, 0, n + 1);
  let total = 0;
  let acc = 0;
  out[back ? n : 0] = 0;
  for (let step = 0; step < n; step++) {
    const i = back ? n - 1 - step : step;
    const x = v[i];
    // Count and sum of the points so far whose rank is below this one's.
    let below = 0;
    let belowSum = 0;
    for (let r = rank[i] - 1; r > 0; r -= r & -r) {
      below += s.count[r];
      belowSum += s.sum[r];
    }
    acc += x * below - belowSum + (total - belowSum) - x * (step - below);
    for (let r = rank[i]; r <= n; r += r & -r) {
      s.count[r]++;
      s.sum[r] += x;
    }
    total += x;
    out[back ? i : i + 1] = acc;
  }
}

/** Q̂ at every split τ with at least `minSegment` points a side, and the largest: τ is the first index after. */
export function bestSplit(
  v: ArrayLike<number>,
  rank: ArrayLike<number>,
  minSegment: number,
  s: EnergyScratch,
): { tau: number; q: number } | null {
  const n = v.length;
  if (n < 2 * Math.max(2, minSegment)) return null;
  withinSums(v, rank, s, s.left, false);
  withinSums(v, rank, s, s.right, true);
  const all = s.left[n];
  let best: { tau: number; q: number } | null = null;
  for (let tau = Math.max(2, minSegment); tau <= n - Math.max(2, minSegment); tau++) {
    const q = splitQ(all, s.left[tau], s.right[tau], tau, n - tau);
    if (best === null || q > best.q) best = { tau, q };
  }
  return best;
}

/** Q̂ from the three sums: the cross sum is the whole's less both sides' own. */
export function splitQ(all: number, within1: number, within2: number, n: number, m: number): number {
  const cross = all - within1 - within2;
  const e = (2 / (n * m)) * cross - (2 / (n * (n - 1))) * within1 - (2 / (m * (m - 1))) * within2;
  return ((n * m) / (n + m)) * e;
}
