// Column store of a calling-context tree while it is built or merged. A
// context is a call chain from the thread root (context 0, fn −1). Memory is
// bounded by the number of contexts, never by the number of events.
import { CovarianceAccumulator, finishCovariance, leafCovariance, subCovariance, type ContextCovariance } from "./covariance.js";

/** The finished, serialisable columns of one CCT. Times in nanoseconds; the
 * variance is the population variance E[(X−X̄)²] of paper 000 §2. */
export interface ContextColumns {
  readonly size: number;
  readonly parent: Int32Array;
  readonly fn: Int32Array;
  readonly n: Float64Array;
  readonly meanNs: Float64Array;
  readonly m2: Float64Array;
  readonly minNs: Float64Array;
  readonly maxNs: Float64Array;
  readonly inclusiveNs: Float64Array;
  readonly selfNs: Float64Array;
  /** Child covariance per context; null where not kept (root, or over the child limit). */
  readonly covariance: readonly (ContextCovariance | null)[];
  /** Contexts with more children than the covariance limit. */
  readonly covarianceOmitted: readonly number[];
}

export const STATS_STRIDE = 8;
export const N = 0;
export const MEAN = 1;
export const M2 = 2;
export const MIN = 3;
export const MAX = 4;
export const INCL = 5;
export const SELF = 6;

export class ContextTable {
  size = 0;
  private cap = 0;
  parent = new Int32Array(0);
  fn = new Int32Array(0);
  firstChild = new Int32Array(0);
  nextSibling = new Int32Array(0);
  childCount = new Int32Array(0);
  /** Dimension of this context in its parent's covariance (≥ 1). */
  slot = new Int32Array(0);
  /** Per-context statistics interleaved (STATS_STRIDE slots each), so the hot
   * exit path touches one array: N, mean, M2, min, max, inclusive, self. */
  stats = new Float64Array(0);
  /** Cumulative time of each context within the running invocation of its
   * parent. A context has one parent, and one invocation of that parent is
   * open at a time per thread, so one slot per context suffices; the parent
   * gathers its children's slots when that invocation ends (commitCovariance). */
  childPending = new Float64Array(0);
  /** Child covariance, created when a context's first child appears (see
   * CovarianceAccumulator's constructor); null while it has none, or when off. */
  readonly cov: (CovarianceAccumulator | null)[] = [];
  readonly omitted = new Set<number>();

  constructor(readonly maxChildren: number, readonly withCovariance: boolean) {
    this.grow(256);
    this.add(-1, -1);
  }

  /** Child of `parent` for function `fn`, created on first use. */
  child(parent: number, fn: number): number {
    for (let c = this.firstChild[parent]; c !== -1; c = this.nextSibling[c]) {
      if (this.fn[c] === fn) return c;
    }
    return this.add(parent, fn);
  }

  /** Folds the invocation of `c` that just ended into its child covariance:
   * the caller has put its self time in acc.values[0]; each child's time is
   * gathered here in slot (= sibling) order. */
  commitCovariance(c: number, acc: CovarianceAccumulator): void {
    const y = acc.values;
    const pending = this.childPending;
    let s = 1;
    for (let ch = this.firstChild[c]; ch !== -1; ch = this.nextSibling[ch]) {
      y[s++] = pending[ch];
      pending[ch] = 0;
    }
    acc.commit();
  }

  /** True when the chain from the root to `c` is exactly these function ids. */
  hasPath(c: number, fns: Int32Array): boolean {
    let k = fns.length;
    for (; c > 0 && k > 0; c = this.parent[c]) if (this.fn[c] !== fns[--k]) return false;
    return c === 0 && k === 0;
  }

  stat(c: number, field: number): number {
    return this.stats[c * STATS_STRIDE + field];
  }

  /** The finished columns. Contexts whose every call fell under the time
   * filter were never recorded (uftrace `-t` drops them at record time), so
   * they are left out; their calls were shorter still below them, and their
   * covariance dimensions hold only zeros, so dropping them is exact. */
  finish(): ContextColumns {
    const k = this.size;
    const keep = new Uint8Array(k);
    keep[0] = 1;
    for (let c = k - 1; c > 0; c--) {
      if (keep[c] || this.stat(c, N) > 0) keep[c] = keep[this.parent[c]] = 1;
    }
    const ids = new Int32Array(k).fill(-1);
    const kept: number[] = [];
    for (let c = 0; c < k; c++) if (keep[c]) ids[c] = kept.push(c) - 1;
    const children: number[][] = Array.from({ length: k }, () => []);
    for (let c = 1; c < k; c++) children[this.parent[c]][this.slot[c] - 1] = c;
    const covariance = kept.map((c) => {
      const acc = this.cov[c];
      if (acc) {
        const dims = [0, ...children[c].flatMap((ch, s) => (keep[ch] ? [s + 1] : []))];
        return subCovariance(finishCovariance(acc, children[c]), dims, (ch) => ids[ch]);
      }
      const leaf = c > 0 && this.withCovariance && this.childCount[c] === 0;
      return leaf ? leafCovariance(this.stat(c, N), this.stat(c, MEAN), this.stat(c, M2)) : null;
    });
    const column = (field: number) => Float64Array.from(kept, (c) => this.stat(c, field));
    return {
      size: kept.length,
      parent: Int32Array.from(kept, (c) => (c === 0 ? -1 : ids[this.parent[c]])),
      fn: Int32Array.from(kept, (c) => this.fn[c]),
      n: column(N),
      meanNs: column(MEAN),
      m2: column(M2),
      minNs: column(MIN),
      maxNs: column(MAX),
      inclusiveNs: column(INCL),
      selfNs: column(SELF),
      covariance,
      covarianceOmitted: [...this.omitted].filter((c) => keep[c]).map((c) => ids[c]).sort((a, b) => a - b),
    };
  }


  private add(parent: number, fn: number): number {
    if (this.size === this.cap) this.grow(this.cap * 2);
    const c = this.size++;
    this.parent[c] = parent;
    this.fn[c] = fn;
    this.firstChild[c] = -1;
    this.nextSibling[c] = -1;
    this.stats[c * STATS_STRIDE + MIN] = Infinity;
    this.stats[c * STATS_STRIDE + MAX] = -Infinity;
    this.cov[c] = null;
    if (parent >= 0) {
      // Appending keeps siblings in creation order, which is also slot order.
      const count = ++this.childCount[parent];
      this.slot[c] = count;
      this.linkLast(parent, c);
      if (this.withCovariance && parent > 0) this.addCovarianceDimension(parent, count);
    }
    return c;
  }

  private addCovarianceDimension(parent: number, count: number): void {
    if (count > this.maxChildren) {
      this.cov[parent] = null;
      this.omitted.add(parent);
      return;
    }
    let acc = this.cov[parent];
    if (acc === null) {
      acc = new CovarianceAccumulator(this.stat(parent, N), this.stat(parent, MEAN), this.stat(parent, M2));
      this.cov[parent] = acc;
    }
    acc.addDimension();
  }

  private linkLast(parent: number, c: number): void {
    let last = this.firstChild[parent];
    if (last === -1) {
      this.firstChild[parent] = c;
      return;
    }
    while (this.nextSibling[last] !== -1) last = this.nextSibling[last];
    this.nextSibling[last] = c;
  }

  private grow(cap: number): void {
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.parent = i32(this.parent);
    this.fn = i32(this.fn);
    this.firstChild = i32(this.firstChild);
    this.nextSibling = i32(this.nextSibling);
    this.childCount = i32(this.childCount);
    this.slot = i32(this.slot);
    const stats = new Float64Array(cap * STATS_STRIDE);
    stats.set(this.stats);
    this.stats = stats;
    const pending = new Float64Array(cap);
    pending.set(this.childPending);
    this.childPending = pending;
    this.cap = cap;
  }
}
