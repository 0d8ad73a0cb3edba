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
//
// A thread's first calls are held back (up to PENDING_CALLS) and added only
// when the timeline is read (read()) or the room is full, at the resolution their whole
// span needs: the one the doublings would have reached, since a span needs
// fewer intervals at every doubling. A thread of a few hundred calls then never
// doubles at all, where from 1 ns it doubled about seventeen times, each time
// over all its intervals: 2.2 M intervals merged in a cold compare of the
// 40-run campaign, for 50,000 calls (issue 32 item 3).

import { addRowScaled } from "../stats/rowKernels.js";

/** Fine intervals over a run's length, at least (issue 12: run length / 1,000). */
export const FINE_INTERVALS = 1000;

/** Calls a timeline holds back before it chooses its resolution (see above). */
export const PENDING_CALLS = 4096;

export class Timeline {
  readonly width: number;
  private res = 1;
  private firstIndex = 0;
  private n = 0;
  private cells: Float64Array;
  /** Calls held back: t0, t1, rate and busy rate of each, and its vector. */
  private pending: Float64Array | null = new Float64Array(4 * 16);
  private pendingVectors: Float64Array[] = [];
  private pendingCount = 0;
  private pendingLo = Infinity;
  private pendingHi = -Infinity;

  constructor(
    readonly dims: number,
    private readonly maxIntervals = 2 * FINE_INTERVALS,
    private readonly pendingMost = PENDING_CALLS,
  ) {
    this.width = dims + 1;
    this.cells = new Float64Array(64 * this.width);
    if (pendingMost === 0) this.pending = null;
  }

  /** The intervals as they stand, the held calls added first: its length in ns (`resolutionNs`), the index
   * (time / resolution) of the first held (`first`) and how many follow (`count`), and interval i's
   * features at data[i·width, i·width + dims), its busy time at data[i·width + dims]. */
  read(): {
    readonly resolutionNs: number;
    readonly first: number;
    readonly count: number;
    readonly data: Float64Array;
  } {
    this.settle();
    return { resolutionNs: this.res, first: this.firstIndex, count: this.n, data: this.cells };
  }

  /** `vector` × `rate` × the part of [t0, t1) in each interval, and `busyRate` × that part as busy time. */
  add(t0: number, t1: number, vector: Float64Array, rate = 1, busyRate = rate): void {
    if (!(t1 > t0)) return;
    const p = this.pending;
    if (p === null) return this.place(t0, t1, vector, rate, busyRate);
    const at = 4 * this.pendingCount;
    if (at === p.length) return this.hold(t0, t1, vector, rate, busyRate);
    p[at] = t0;
    p[at + 1] = t1;
    p[at + 2] = rate;
    p[at + 3] = busyRate;
    this.pendingVectors.push(vector);
    this.pendingCount++;
    if (t0 < this.pendingLo) this.pendingLo = t0;
    if (t1 > this.pendingHi) this.pendingHi = t1;
  }

  /** A call that finds the held calls' room full: the room grows up to pendingMost, else all are added. */
  private hold(t0: number, t1: number, vector: Float64Array, rate: number, busyRate: number): void {
    const p = this.pending!;
    if (p.length < 4 * this.pendingMost) {
      const grown = new Float64Array(Math.min(2 * p.length, 4 * this.pendingMost));
      grown.set(p);
      this.pending = grown;
      return this.add(t0, t1, vector, rate, busyRate);
    }
    this.settle();
    this.place(t0, t1, vector, rate, busyRate);
  }

  /** Adds the held calls, in the order they came, at the finest resolution (from the one held) their span
   * fits in: where the doublings would have taken the intervals. Room is made for their whole span first
   * (cover doubles an empty timeline's resolution until it fits and makes its intervals at once), so no
   * call after it doubles them or grows the array. */
  private settle(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    if (this.pendingCount === 0) return;
    this.cover(this.pendingLo, this.pendingHi);
    for (let c = 0; c < this.pendingCount; c++)
      this.spread(p[4 * c], p[4 * c + 1], this.pendingVectors[c], p[4 * c + 2], p[4 * c + 3]);
    this.pendingVectors = [];
  }

  private place(t0: number, t1: number, vector: Float64Array, rate: number, busyRate: number): void {
    this.cover(t0, t1);
    this.spread(t0, t1, vector, rate, busyRate);
  }

  /** place() of a call whose span the intervals already cover. */
  private spread(t0: number, t1: number, vector: Float64Array, rate: number, busyRate: number): void {
    const r = this.res;
    const { width, dims, cells } = this;
    const last = Math.floor(t1 / r);
    for (let b = Math.floor(t0 / r); b <= last; b++) {
      const w = Math.min(t1, (b + 1) * r) - Math.max(t0, b * r);
      if (w <= 0) continue;
      const row = (b - this.firstIndex) * width;
      addRowScaled(cells, row, vector, 0, dims, w * rate);
      cells[row + dims] += w * busyRate;
    }
  }

  /** Makes room for [t0, t1), coarsening until the span fits. */
  private cover(t0: number, t1: number): void {
    for (;;) {
      const lo = Math.floor(t0 / this.res);
      const hi = Math.floor(t1 / this.res);
      const from = this.n === 0 ? lo : Math.min(lo, this.firstIndex);
      const to = this.n === 0 ? hi : Math.max(hi, this.firstIndex + this.n - 1);
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
    if (this.n === 0) {
      this.firstIndex = from;
    } else if (from < this.firstIndex || count * w > this.cells.length) {
      const grown = new Float64Array(Math.max(this.cells.length, 2 * count * w));
      grown.set(this.cells.subarray(0, this.n * w), (this.firstIndex - from) * w);
      this.cells = grown;
      this.firstIndex = from;
    }
    if (count * w > this.cells.length) {
      const grown = new Float64Array((this.n === 0 ? 1 : 2) * count * w);
      grown.set(this.cells);
      this.cells = grown;
    }
    this.n = count;
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
    const data = this.cells;
    const n = this.n;
    let i = 0;
    let t = 0;
    // An odd first index has no even partner held: it stays where it is, alone.
    if ((this.firstIndex & 1) !== 0) {
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
    this.firstIndex = Math.floor(this.firstIndex / 2);
    this.n = t;
    this.res *= 2;
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
  const { resolutionNs: r, count, first, data } = t.read();
  for (let i = 0; i < count; i++) {
    const lo = (first + i) * r;
    const hi = lo + r;
    const a = Math.max(0, Math.floor((lo - startNs) / step));
    const b = Math.min(m - 1, Math.floor((hi - startNs) / step));
    for (let j = a; j <= b; j++) {
      const overlap = Math.min(hi, startNs + (j + 1) * step) - Math.max(lo, startNs + j * step);
      if (overlap <= 0) continue;
      addRowScaled(out, j * w, data, i * w, w, overlap / r / step);
    }
  }
  return out;
}
