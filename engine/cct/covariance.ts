// Per-invocation covariance of a context's self time and each child context's
// cumulative time (paper 000 §2, Eq. 1–2): X = Σ Y_i, so σ²_X = Σ_i Σ_j C_ij.
// Dimension 0 is self time; dimension s ≥ 1 is the child created s-th. The
// streaming accumulation is the ingestion kernel's (kernel/assembly/ingest.ts).
import type { RawCovariance } from "./kernel/readContexts.js";

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

/**
 * Covariance from the co-moments the kernel kept (see kernel/readContexts.ts),
 * restricted to the kernel's dimensions `dims` (0, self, first): dims[s] for
 * s ≥ 1 is the dimension of child context childContexts[s − 1]. One pass, with
 * no intermediate copy: a deep tree has a covariance per context.
 */
export function finishCovariance(
  acc: RawCovariance,
  dims: readonly number[],
  childContexts: readonly number[],
): ContextCovariance {
  const { n, values, meanAt, upperAt, stride } = acc;
  const k = dims.length;
  const mean = new Array<number>(k);
  const matrix = new Array<number>(k * k);
  for (let i = 0; i < k; i++) {
    mean[i] = values[meanAt + dims[i]];
    for (let j = 0; j < k; j++) {
      // The kernel keeps the upper triangle: (a, b) with a ≤ b.
      const a = Math.min(dims[i], dims[j]);
      const b = Math.max(dims[i], dims[j]);
      matrix[i * k + j] = n > 0 ? values[upperAt + a * stride + b] / n : 0;
    }
  }
  return { n, mean, matrix, childContexts };
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
  if (a.n === 0) return placed(b, mapB, k, childContexts);
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

/** c alone at the result's dimensions (the first calls seen: the pooled formulas would round them). */
function placed(
  c: ContextCovariance,
  map: readonly number[],
  k: number,
  childContexts: readonly number[],
): ContextCovariance {
  const mean = new Array<number>(k).fill(0);
  const matrix = new Array<number>(k * k).fill(0);
  const d = c.mean.length;
  for (let i = 0; i < d; i++) {
    mean[map[i]] = c.n > 0 ? c.mean[i] : 0;
    for (let j = 0; j < d; j++) matrix[map[i] * k + map[j]] = c.n > 0 ? c.matrix[i * d + j] : 0;
  }
  return { n: c.n, mean, matrix, childContexts: [...childContexts] };
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
