// A thread's contexts copied out of the kernel's memory, in creation order:
// the raw tree before finishColumns (contextTable.ts) prunes and renumbers it.
import type { IngestKernel } from "./ingestKernel.js";
import { STATS_STRIDE } from "./layout.generated.js";

export interface RawCovariance {
  readonly n: number;
  /** Mean per dimension: self time, then each child in creation order. */
  readonly mean: Float64Array;
  /** Co-moments Σ(y−ȳ)(y−ȳ)ᵀ, dims × dims, symmetric. */
  readonly comoment: Float64Array;
}

export interface RawContexts {
  readonly size: number;
  readonly parent: Int32Array;
  readonly fn: Int32Array;
  readonly childCount: Int32Array;
  readonly stats: Float64Array;
  /** Per context: its child covariance, or null (no children yet, off, or omitted). */
  readonly covariance: readonly (RawCovariance | null)[];
  /** Per context: 1 when it had more children than the covariance limit. */
  readonly omitted: Int32Array;
}

export function readContexts(kernel: IngestKernel, thread: number): RawContexts {
  const x = kernel.exports;
  const size = x.contextCount(thread);
  const covPtrs = kernel.i32(x.covariancePtr(thread), size).slice();
  return {
    size,
    parent: kernel.i32(x.parentPtr(thread), size).slice(),
    fn: kernel.i32(x.fnPtr(thread), size).slice(),
    childCount: kernel.i32(x.childCountPtr(thread), size).slice(),
    stats: kernel.f64(x.statsPtr(thread), size * STATS_STRIDE).slice(),
    covariance: Array.from(covPtrs, (acc) => (acc === 0 ? null : readCovariance(kernel, acc))),
    omitted: kernel.i32(x.omittedPtr(thread), size).slice(),
  };
}

function readCovariance(kernel: IngestKernel, acc: number): RawCovariance {
  const x = kernel.exports;
  const dims = x.covDims(acc);
  const cap = x.covCap(acc);
  const upper = kernel.f64(x.covComomentPtr(acc), cap * cap);
  const comoment = new Float64Array(dims * dims);
  for (let i = 0; i < dims; i++) {
    for (let j = i; j < dims; j++) comoment[i * dims + j] = comoment[j * dims + i] = upper[i * cap + j];
  }
  return { n: x.covN(acc), mean: kernel.f64(x.covMeanPtr(acc), dims).slice(), comoment };
}
