// A thread's contexts copied out of the kernel's memory, in creation order:
// the raw tree before finishColumns (contextTable.ts) prunes and renumbers it.
import type { IngestKernel } from "./ingestKernel.js";
import { STATS_STRIDE } from "./layout.generated.js";

/** A context's co-moments where the kernel keeps them: read in place, not copied (a deep tree has
 * a covariance per context, and two typed arrays each, a million of them, cost seconds of garbage
 * collection and most of a gigabyte). Valid until the kernel's memory grows: read them before any
 * further kernel call. */
export interface RawCovariance {
  readonly n: number;
  /** The kernel's memory as doubles. */
  readonly values: Float64Array;
  /** Index in `values` of the mean per dimension: self time, then each child in creation order. */
  readonly meanAt: number;
  /** Index in `values` of the co-moments Σ(y−ȳ)(y−ȳ)ᵀ, upper triangle, row-major, `stride` per row. */
  readonly upperAt: number;
  readonly stride: number;
}

export interface RawContexts {
  readonly size: number;
  readonly parent: Int32Array;
  readonly fn: Int32Array;
  readonly childCount: Int32Array;
  readonly stats: Float64Array;
  /** Context c's child covariance, or null (no children yet, off, or omitted). */
  covariance(c: number): RawCovariance | null;
  /** Per context: 1 when it had more children than the covariance limit. */
  readonly omitted: Int32Array;
}

/** Told a thread's context count before its columns are copied out of the kernel: the command
 * line's engine on its own thread refuses here a tree too large for its heap (cli/inProcessEngine.ts). */
let beforeReadout: ((contexts: number) => void) | null = null;

export function setReadoutGuard(guard: ((contexts: number) => void) | null): void {
  beforeReadout = guard;
}

export function readContexts(kernel: IngestKernel, thread: number): RawContexts {
  const x = kernel.exports;
  const size = x.contextCount(thread);
  beforeReadout?.(size);
  const covPtrs = kernel.i32(x.covariancePtr(thread), size).slice();
  const values = kernel.f64(0, kernel.byteLength() >> 3);
  return {
    size,
    parent: kernel.i32(x.parentPtr(thread), size).slice(),
    fn: kernel.i32(x.fnPtr(thread), size).slice(),
    childCount: kernel.i32(x.childCountPtr(thread), size).slice(),
    stats: kernel.f64(x.statsPtr(thread), size * STATS_STRIDE).slice(),
    covariance: (c) => {
      const acc = covPtrs[c];
      return acc === 0
        ? null
        : {
            n: x.covN(acc),
            values,
            meanAt: x.covMeanPtr(acc) >> 3,
            upperAt: x.covComomentPtr(acc) >> 3,
            stride: x.covCap(acc),
          };
    },
    omitted: kernel.i32(x.omittedPtr(thread), size).slice(),
  };
}
