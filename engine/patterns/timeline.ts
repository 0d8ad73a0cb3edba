// One thread's activity over global time in fine intervals (paper 004 §3.1.2:
// "A global interval is defined in term of a constant number of clock cycles
// on each core across all cores"; §3.2.1: "first use very fine-grained
// intervals to collect PCVs for all runs"). The run's length is not known
// while its events stream in, so intervals start at 1 ns and double, merging
// neighbours, whenever the thread would need more than 2 × FINE_INTERVALS:
// a thread ends with at most twice FINE_INTERVALS intervals over its length
// (a run, over its own, with at least FINE_INTERVALS at its longest thread's
// resolution), each a power of two nanoseconds from time 0, so the threads'
// grids nest in one another.
// Each interval holds the projected feature vector (projection.ts) of the time
// spent in it and, last, the time itself (how busy the thread was).

/** Fine intervals over a run's length, at least (issue 12: run length / 1,000). */
export const FINE_INTERVALS = 1000;

export class Timeline {
  /** Interval length in ns. */
  resolutionNs = 1;
  /** Index (time / resolution) of the first interval held; count intervals follow. */
  first = 0;
  count = 0;
  /** Interval i's features at [i·width, i·width + dims), its busy time at i·width + dims. */
  data: Float64Array;
  readonly width: number;

  constructor(
    readonly dims: number,
    private readonly maxIntervals = 2 * FINE_INTERVALS,
  ) {
    this.width = dims + 1;
    this.data = new Float64Array(64 * this.width);
  }

  /** `vector` × `rate` × the part of [t0, t1) in each interval, and `busyRate` × that part as busy time. */
  add(t0: number, t1: number, vector: Float64Array, rate = 1, busyRate = rate): void {
    if (!(t1 > t0)) return;
    this.cover(t0, t1);
    const r = this.resolutionNs;
    const { width, dims, data } = this;
    const last = Math.floor(t1 / r);
    for (let b = Math.floor(t0 / r); b <= last; b++) {
      const w = Math.min(t1, (b + 1) * r) - Math.max(t0, b * r);
      if (w <= 0) continue;
      const row = (b - this.first) * width;
      const x = w * rate;
      for (let k = 0; k < dims; k++) data[row + k] += x * vector[k];
      data[row + dims] += w * busyRate;
    }
  }

  /** Makes room for [t0, t1), coarsening until the span fits. */
  private cover(t0: number, t1: number): void {
    for (;;) {
      const lo = Math.floor(t0 / this.resolutionNs);
      const hi = Math.floor(t1 / this.resolutionNs);
      const from = this.count === 0 ? lo : Math.min(lo, this.first);
      const to = this.count === 0 ? hi : Math.max(hi, this.first + this.count - 1);
      if (to - from + 1 > this.maxIntervals) {
        this.coarsen();
        continue;
      }
      this.resize(from, to - from + 1);
      return;
    }
  }

  private resize(from: number, count: number): void {
    const w = this.width;
    if (this.count === 0) {
      this.first = from;
    } else if (from < this.first || count * w > this.data.length) {
      const grown = new Float64Array(Math.max(this.data.length, 2 * count * w));
      grown.set(this.data.subarray(0, this.count * w), (this.first - from) * w);
      this.data = grown;
      this.first = from;
    }
    if (count * w > this.data.length) {
      const grown = new Float64Array(2 * count * w);
      grown.set(this.data);
      this.data = grown;
    }
    this.count = count;
  }

  /** Doubles the interval length: interval i goes into ⌊i/2⌋, so each new interval is the sum of
   * an even one and the odd one after it (alone at either end when its pair is not held). In
   * place: a run's threads coarsen about twenty times each as their spans grow, and a new array
   * each time (0.25 MB at 16 doubles an interval) was most of the reading's garbage collection.
   * Target t ≤ source i, so every interval is read before its slot is written; each sum is x + y,
   * as into a zeroed array (0 + x is x). The pairs are walked directly (no division an interval):
   * coarsening was the largest part of a cold compare's CPU (issue 32 item 3). */
  private coarsen(): void {
    const w = this.width;
    const data = this.data;
    const n = this.count;
    let i = 0;
    let t = 0;
    // An odd first index has no even partner held: it stays where it is, alone.
    if ((this.first & 1) !== 0) {
      i = 1;
      t = 1;
    }
    for (; i + 1 < n; i += 2, t++) {
      const a = i * w;
      const to = t * w;
      for (let k = 0; k < w; k++) data[to + k] = data[a + k] + data[a + w + k];
    }
    if (i < n) {
      data.copyWithin(t * w, i * w, i * w + w);
      t++;
    }
    // Slots past the merged intervals are taken as empty by the next resize.
    data.fill(0, t * w, n * w);
    this.first = Math.floor(this.first / 2);
    this.count = t;
    this.resolutionNs *= 2;
  }
}

/** The run re-partitioned into `m` equal fractions of its own length [startNs, endNs)
 * (004 §3.2.1, interval alignment): each fine interval is shared among the aligned
 * ones it overlaps in proportion, and every sum is divided by the aligned interval's
 * length, so a run uniformly slower with the same behaviour gets the same vectors.
 * Returns m rows of `width`: the features as shares of time, then the busy share. */
export function alignTimeline(t: Timeline, startNs: number, endNs: number, m: number): Float64Array {
  const w = t.width;
  const out = new Float64Array(m * w);
  const span = endNs - startNs;
  if (!(span > 0)) return out;
  const step = span / m;
  const r = t.resolutionNs;
  for (let i = 0; i < t.count; i++) {
    const lo = (t.first + i) * r;
    const hi = lo + r;
    const a = Math.max(0, Math.floor((lo - startNs) / step));
    const b = Math.min(m - 1, Math.floor((hi - startNs) / step));
    for (let j = a; j <= b; j++) {
      const overlap = Math.min(hi, startNs + (j + 1) * step) - Math.max(lo, startNs + j * step);
      if (overlap <= 0) continue;
      const share = overlap / r / step;
      for (let k = 0; k < w; k++) out[j * w + k] += t.data[i * w + k] * share;
    }
  }
  return out;
}
