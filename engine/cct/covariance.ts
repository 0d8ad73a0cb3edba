// Per-invocation covariance of a context's self time and each child context's
// cumulative time (paper 000 §2, Eq. 1–2): X = Σ Y_i, so σ²_X = Σ_i Σ_j C_ij.
// Dimension 0 is self time; dimension s ≥ 1 is the child created s-th.

/** Streaming co-moment accumulator (Welford, vector form). */
export class CovarianceAccumulator {
  n = 0;
  dims = 1;
  private cap: number;
  mean: Float64Array;
  /** Upper triangle of the co-moment matrix Σ (y−ȳ)(y−ȳ)ᵀ, row-major with stride `cap`. */
  comoment: Float64Array;
  /** One finished invocation's values, filled by the caller before commit():
   * [0] self time, [s] the cumulative time of the child in dimension s. */
  readonly values: Float64Array;
  private delta: Float64Array;

  /** Starts from a context's own statistics: until its first child appears,
   * its only dimension is self time, which equals its whole time (n, mean, M2). */
  constructor(n: number, mean: number, m2: number, initialDims = 4) {
    this.cap = Math.max(1, initialDims);
    this.mean = new Float64Array(this.cap);
    this.comoment = new Float64Array(this.cap * this.cap);
    this.values = new Float64Array(this.cap);
    this.delta = new Float64Array(this.cap);
    this.n = n;
    this.mean[0] = mean;
    this.comoment[0] = m2;
  }

  /** Adds a child dimension. Earlier invocations had no time in it, so its
   * mean and co-moments start at zero and the statistics stay exact. */
  addDimension(): number {
    if (this.dims === this.cap) this.resize(this.cap * 2);
    return this.dims++;
  }

  /** Folds in the invocation in `values` (no float argument: see eventBatch.ts). */
  commit(): void {
    const k = this.dims;
    const y = this.values;
    const mean = this.mean;
    const delta = this.delta;
    const co = this.comoment;
    const cap = this.cap;
    const n1 = ++this.n;
    const inv = 1 / n1;
    for (let i = 0; i < k; i++) {
      const d = y[i] - mean[i];
      delta[i] = d;
      mean[i] += d * inv;
    }
    const f = (n1 - 1) * inv;
    for (let i = 0; i < k; i++) {
      const di = delta[i] * f;
      if (di === 0) continue; // the whole row's increment is zero
      const row = i * cap;
      for (let j = i; j < k; j++) co[row + j] += di * delta[j];
    }
    for (let i = 0; i < k; i++) y[i] = 0;
  }

  /** Co-moment entry for any i, j (the matrix is kept as an upper triangle). */
  comomentAt(i: number, j: number): number {
    return i <= j ? this.comoment[i * this.cap + j] : this.comoment[j * this.cap + i];
  }

  private resize(cap: number): void {
    const old = this.comoment;
    const oldCap = this.cap;
    this.comoment = new Float64Array(cap * cap);
    for (let i = 0; i < this.dims; i++) {
      this.comoment.set(old.subarray(i * oldCap, i * oldCap + this.dims), i * cap);
    }
    const grow = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.mean = grow(this.mean);
    (this as { values: Float64Array }).values = grow(this.values);
    this.delta = grow(this.delta);
    this.cap = cap;
  }
}

/** The finished, plain form: dims × dims population covariance C (divided by n). */
export interface ContextCovariance {
  readonly n: number;
  /** Mean per dimension: self time, then each child in `childContexts` order. */
  readonly mean: readonly number[];
  /** Row-major dims × dims covariance matrix, symmetric. */
  readonly matrix: readonly number[];
  /** Context id of the child behind each dimension s ≥ 1 (dimension 0 is self). */
  readonly childContexts: readonly number[];
}

/** The 1×1 covariance of a context that never had children: its own variance. */
export function leafCovariance(n: number, mean: number, m2: number): ContextCovariance {
  return { n, mean: [mean], matrix: [n > 0 ? m2 / n : 0], childContexts: [] };
}

export function finishCovariance(acc: CovarianceAccumulator, childContexts: readonly number[]): ContextCovariance {
  const k = acc.dims;
  const matrix = new Array<number>(k * k);
  const n = acc.n;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) matrix[i * k + j] = n > 0 ? acc.comomentAt(i, j) / n : 0;
  }
  return { n, mean: Array.from(acc.mean.subarray(0, k)), matrix, childContexts: [...childContexts] };
}

/** The covariance restricted to dimensions `dims` (0 = self must be first),
 * with child context ids renamed by `rename`. */
export function subCovariance(c: ContextCovariance, dims: readonly number[], rename: (ctx: number) => number): ContextCovariance {
  const k = c.mean.length;
  return {
    n: c.n,
    mean: dims.map((d) => c.mean[d]),
    matrix: dims.flatMap((i) => dims.map((j) => c.matrix[i * k + j])),
    childContexts: dims.slice(1).map((d) => rename(c.childContexts[d - 1])),
  };
}

/** Exact pooled covariance of two disjoint invocation sets (Chan et al.), with
 * dimensions aligned through `mapB` (dimension of B → dimension of the result). */
export function mergeCovariance(
  a: ContextCovariance,
  b: ContextCovariance,
  childContexts: readonly number[],
  mapA: readonly number[],
  mapB: readonly number[],
): ContextCovariance {
  const k = childContexts.length + 1;
  const n = a.n + b.n;
  const meanA = spread(a.mean, mapA, k);
  const meanB = spread(b.mean, mapB, k);
  const coA = spreadMatrix(a, mapA, k);
  const coB = spreadMatrix(b, mapB, k);
  const mean = new Array<number>(k);
  const matrix = new Array<number>(k * k);
  const w = n > 0 ? (a.n * b.n) / n : 0;
  for (let i = 0; i < k; i++) mean[i] = n > 0 ? (a.n * meanA[i] + b.n * meanB[i]) / n : 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const co = coA[i * k + j] + coB[i * k + j] + (meanB[i] - meanA[i]) * (meanB[j] - meanA[j]) * w;
      matrix[i * k + j] = n > 0 ? co / n : 0;
    }
  }
  return { n, mean, matrix, childContexts: [...childContexts] };
}

function spread(values: readonly number[], map: readonly number[], k: number): Float64Array {
  const out = new Float64Array(k);
  for (let i = 0; i < values.length; i++) out[map[i]] = values[i];
  return out;
}

/** Co-moments (C·n) placed at the result's dimensions; absent dimensions stay zero. */
function spreadMatrix(c: ContextCovariance, map: readonly number[], k: number): Float64Array {
  const out = new Float64Array(k * k);
  const d = c.mean.length;
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) out[map[i] * k + map[j]] = c.matrix[i * d + j] * c.n;
  }
  return out;
}
