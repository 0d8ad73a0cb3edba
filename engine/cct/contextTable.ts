// The columns of a finished calling-context tree. A context is a call chain
// from the thread root (context 0, fn −1). Memory is bounded by the number of
// contexts, never by the number of events.
import { finishCovariance, leafCovariance, subCovariance, type ContextCovariance } from "./covariance.js";
import type { RawContexts } from "./kernel/readContexts.js";
import { STAT, STATS_STRIDE } from "./kernel/layout.generated.js";

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
  /** Invocations of the parent in which this context was called exactly once (000 §2.2's
   * inlining test); NaN for a CCT stored before it was counted. */
  readonly calledOnce: Float64Array;
  /** Child covariance per context; null where not kept (root, or over the child limit). */
  readonly covariance: readonly (ContextCovariance | null)[];
  /** Contexts with more children than the covariance limit. */
  readonly covarianceOmitted: readonly number[];
}

/** The finished columns of a thread's raw tree. Contexts whose every call
 * fell under the time filter were never recorded (uftrace `-t` drops them at
 * record time), so they are left out; their calls were shorter still below
 * them, and their covariance dimensions hold only zeros, so dropping them is
 * exact. */
export function finishColumns(raw: RawContexts, withCovariance: boolean): ContextColumns {
  const k = raw.size;
  const stat = (c: number, field: number) => raw.stats[c * STATS_STRIDE + field];
  const keep = new Uint8Array(k);
  keep[0] = 1;
  for (let c = k - 1; c > 0; c--) {
    if (keep[c] || stat(c, STAT.n) > 0) keep[c] = keep[raw.parent[c]] = 1;
  }
  const ids = new Int32Array(k).fill(-1);
  const kept: number[] = [];
  for (let c = 0; c < k; c++) if (keep[c]) ids[c] = kept.push(c) - 1;
  // Children in creation order, which is their covariance-dimension order.
  const children: number[][] = Array.from({ length: k }, () => []);
  for (let c = 1; c < k; c++) children[raw.parent[c]].push(c);
  const covariance = kept.map((c) => {
    const acc = raw.covariance[c];
    if (acc) {
      const dims = [0, ...children[c].flatMap((ch, s) => (keep[ch] ? [s + 1] : []))];
      return subCovariance(finishCovariance(acc, children[c]), dims, (ch) => ids[ch]);
    }
    const leaf = c > 0 && withCovariance && raw.childCount[c] === 0;
    return leaf ? leafCovariance(stat(c, STAT.n), stat(c, STAT.mean), stat(c, STAT.m2)) : null;
  });
  const column = (field: number) => Float64Array.from(kept, (c) => stat(c, field));
  return {
    size: kept.length,
    parent: Int32Array.from(kept, (c) => (c === 0 ? -1 : ids[raw.parent[c]])),
    fn: Int32Array.from(kept, (c) => raw.fn[c]),
    n: column(STAT.n),
    meanNs: column(STAT.mean),
    m2: column(STAT.m2),
    minNs: column(STAT.min),
    maxNs: column(STAT.max),
    inclusiveNs: column(STAT.inclusive),
    selfNs: column(STAT.self),
    calledOnce: column(STAT.once),
    covariance,
    covarianceOmitted: kept.flatMap((c) => (raw.omitted[c] ? [ids[c]] : [])),
  };
}
