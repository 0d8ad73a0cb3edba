// Column store of a calling-context tree while it is built or merged. A
// context is a call chain from the thread root (context 0, fn −1). Memory is
// bounded by the number of contexts, never by the number of events.
import { CovarianceAccumulator, finishCovariance, type ContextCovariance } from "./covariance.js";

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
  n = new Float64Array(0);
  mean = new Float64Array(0);
  m2 = new Float64Array(0);
  min = new Float64Array(0);
  max = new Float64Array(0);
  incl = new Float64Array(0);
  self = new Float64Array(0);
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

  /** Folds one finished invocation into context `c`'s statistics (Welford). */
  record(c: number, durationNs: number, selfNs: number): void {
    const n1 = ++this.n[c];
    const d = durationNs - this.mean[c];
    this.mean[c] += d / n1;
    this.m2[c] += d * (durationNs - this.mean[c]);
    if (durationNs < this.min[c]) this.min[c] = durationNs;
    if (durationNs > this.max[c]) this.max[c] = durationNs;
    this.incl[c] += durationNs;
    this.self[c] += selfNs;
  }

  finish(): ContextColumns {
    const k = this.size;
    const children: number[][] = Array.from({ length: k }, () => []);
    for (let c = 1; c < k; c++) children[this.parent[c]][this.slot[c] - 1] = c;
    const covariance = this.cov.slice(0, k).map((acc, c) => (acc ? finishCovariance(acc, children[c]) : null));
    return {
      size: k,
      parent: this.parent.slice(0, k),
      fn: this.fn.slice(0, k),
      n: this.n.slice(0, k),
      meanNs: this.mean.slice(0, k),
      m2: this.m2.slice(0, k),
      minNs: this.min.slice(0, k),
      maxNs: this.max.slice(0, k),
      inclusiveNs: this.incl.slice(0, k),
      selfNs: this.self.slice(0, k),
      covariance,
      covarianceOmitted: [...this.omitted].sort((a, b) => a - b),
    };
  }

  private add(parent: number, fn: number): number {
    if (this.size === this.cap) this.grow(this.cap * 2);
    const c = this.size++;
    this.parent[c] = parent;
    this.fn[c] = fn;
    this.firstChild[c] = -1;
    this.nextSibling[c] = -1;
    this.min[c] = Infinity;
    this.max[c] = -Infinity;
    this.cov[c] = this.withCovariance && parent >= 0 ? new CovarianceAccumulator() : null;
    if (parent >= 0) {
      // Appending keeps siblings in creation order, which is also slot order.
      const count = ++this.childCount[parent];
      this.slot[c] = count;
      this.linkLast(parent, c);
      const acc = this.cov[parent];
      if (acc) {
        if (count > this.maxChildren) {
          this.cov[parent] = null;
          this.omitted.add(parent);
        } else {
          acc.addDimension();
        }
      }
    }
    return c;
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
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.parent = i32(this.parent);
    this.fn = i32(this.fn);
    this.firstChild = i32(this.firstChild);
    this.nextSibling = i32(this.nextSibling);
    this.childCount = i32(this.childCount);
    this.slot = i32(this.slot);
    this.n = f64(this.n);
    this.mean = f64(this.mean);
    this.m2 = f64(this.m2);
    this.min = f64(this.min);
    this.max = f64(this.max);
    this.incl = f64(this.incl);
    this.self = f64(this.self);
    this.cap = cap;
  }
}
