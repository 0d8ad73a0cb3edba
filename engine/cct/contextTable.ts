// The columns of a finished calling-context tree. A context is a call chain
// from the thread root (context 0, fn −1). Memory is bounded by the number of
// contexts, never by the number of events.
import { finishCovariance, leafCovariance, type ContextCovariance } from "./covariance.js";
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
  // Children in creation order, which is their covariance-dimension order: the
  // children of c are child[first[c] .. first[c + 1]) (typed arrays, not an
  // array per context: a deep tree has as many contexts as calls).
  const first = new Int32Array(k + 1);
  for (let c = 1; c < k; c++) first[raw.parent[c] + 1]++;
  for (let c = 0; c < k; c++) first[c + 1] += first[c];
  const child = new Int32Array(Math.max(k - 1, 0));
  const filled = first.slice(0, k);
  for (let c = 1; c < k; c++) child[filled[raw.parent[c]]++] = c;
  const covariance = kept.map((c) => {
    const acc = raw.covariance(c);
    if (acc) {
      const dims = [0];
      const childContexts: number[] = [];
      for (let at = first[c]; at < first[c + 1]; at++) {
        if (!keep[child[at]]) continue;
        dims.push(at - first[c] + 1);
        childContexts.push(ids[child[at]]);
      }
      return finishCovariance(acc, dims, childContexts);
    }
    const leaf = c > 0 && withCovariance && raw.childCount[c] === 0;
    return leaf ? leafCovariance(stat(c, STAT.n), stat(c, STAT.mean), stat(c, STAT.m2)) : null;
  });
  // Plain loops: TypedArray.from with a mapping function iterates generically, a slow path for
  // a million contexts.
  const size = kept.length;
  const column = (field: number) => {
    const out = new Float64Array(size);
    for (let i = 0; i < size; i++) out[i] = raw.stats[kept[i] * STATS_STRIDE + field];
    return out;
  };
  const parent = new Int32Array(size);
  const fn = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    const c = kept[i];
    parent[i] = c === 0 ? -1 : ids[raw.parent[c]];
    fn[i] = raw.fn[c];
  }
  return {
    size,
    parent,
    fn,
    n: column(STAT.n),
    meanNs: column(STAT.mean),
    m2: column(STAT.m2),
    minNs: column(STAT.min),
    maxNs: column(STAT.max),
    inclusiveNs: column(STAT.inclusive),
    selfNs: column(STAT.self),
    calledOnce: column(STAT.once),
    covariance,
    covarianceOmitted: omittedOf(raw, kept, ids),
  };
}

/** The kept contexts over the covariance limit, by their new ids (a loop: flatMap made an array per context). */
function omittedOf(raw: RawContexts, kept: readonly number[], ids: Int32Array): number[] {
  const out: number[] = [];
  for (const c of kept) if (raw.omitted[c]) out.push(ids[c]);
  return out;
}
