// A calling-context tree as the data of a flame graph (issue 15): per context
// its parent, its function, its inclusive and self time per run (the widths),
// the statistics of its invocations (the tooltip), and the share of its
// parent's variance that its row of the parent's child covariance carries
// (paper 000 Eq. 2). Columnar and without call-chain strings, so its size
// grows with the number of contexts, never with their depth.
import type { ContextColumns } from "../cct/contextTable.js";
import type { ThreadLabel } from "../campaign/readModels.js";

/** The invocation statistics of one tree's contexts, one entry per node. */
export interface FlameStats {
  /** Inclusive and self time per run pooled: the frame's width and its own part. */
  readonly inclusiveNs: readonly number[];
  readonly selfNs: readonly number[];
  /** Invocations over all runs pooled, their mean, σ (population), min and max. */
  readonly n: readonly number[];
  readonly meanNs: readonly number[];
  readonly stdNs: readonly number[];
  readonly minNs: readonly number[];
  readonly maxNs: readonly number[];
}

export interface FlameGraph extends FlameStats {
  /** What was read: "run 3 (blocks-60 × frames-60)", a design's runs, a trace's path. */
  readonly label: string;
  /** Runs pooled; widths are per run (1 for a run or a trace). */
  readonly runs: number;
  /** The one thread shown ("pid/tid"), or null: all threads merged. */
  readonly thread: string | null;
  /** The threads one may pick (a run's or a trace's; none for pooled runs, whose thread ids differ). */
  readonly threads: readonly ThreadLabel[];
  readonly functions: readonly string[];
  /** Node 0 is the root standing for every thread shown (parent −1, fn −1); a parent precedes its children. */
  readonly parent: readonly number[];
  readonly fn: readonly number[];
  /** Σ_j C_sj / Σ_ij C_ij over the parent's child covariance (000 Eq. 2): this context's share of
   * its parent's per-invocation variance, cross terms included, so the shares of a parent's
   * children and its own code sum to 1 and one may be negative; null where the parent kept no
   * covariance or does not vary. */
  readonly varianceShare: readonly (number | null)[];
  /** The same share for the context's own code (dimension 0 of its own covariance). */
  readonly ownVarianceShare: readonly (number | null)[];
  readonly warnings: readonly string[];
}

export interface FlameMeta {
  readonly label: string;
  readonly runs: number;
  readonly thread: string | null;
  readonly threads: readonly ThreadLabel[];
  readonly warnings: readonly string[];
}

/** Σ_ij C_ij under this fraction of Σ_ij |C_ij| is cancellation noise: float64 sums of squared
 * deviations err by about 2⁻⁵³ of Σ|C_ij| per term (a parent of constant time whose children
 * split it differently per call sums to 1e-14, not 0). */
const NOISE = 1e-12;

export function flameGraph(cols: ContextColumns, functions: readonly string[], meta: FlameMeta): FlameGraph {
  const k = cols.size;
  const varianceShare = new Array<number | null>(k).fill(null);
  const ownVarianceShare = new Array<number | null>(k).fill(null);
  for (let c = 0; c < k; c++) {
    const cov = cols.covariance[c];
    if (!cov) continue;
    const d = cov.mean.length;
    let total = 0;
    let scale = 0;
    for (let i = 0; i < d * d; i++) {
      total += cov.matrix[i];
      scale += Math.abs(cov.matrix[i]);
    }
    // Σ C_ij within the rounding of its terms is a parent that does not vary, not a variance to share out.
    if (!(total > NOISE * scale)) continue;
    for (let s = 0; s < d; s++) {
      let row = 0;
      for (let j = 0; j < d; j++) row += cov.matrix[s * d + j];
      if (s === 0) ownVarianceShare[c] = row / total;
      else varianceShare[cov.childContexts[s - 1]] = row / total;
    }
  }
  return {
    ...meta,
    functions,
    parent: Array.from(cols.parent),
    fn: Array.from(cols.fn),
    ...flameStats(cols, meta.runs),
    varianceShare,
    ownVarianceShare,
  };
}

/** The statistics of a tree's contexts, widths per run; the root's inclusive time is its top-level contexts' sum. */
export function flameStats(cols: ContextColumns, runs: number): FlameStats {
  const k = cols.size;
  const inclusiveNs = new Array<number>(k);
  const stdNs = new Array<number>(k);
  let top = 0;
  for (let c = 0; c < k; c++) {
    inclusiveNs[c] = cols.inclusiveNs[c] / runs;
    stdNs[c] = cols.n[c] > 0 ? Math.sqrt(cols.m2[c] / cols.n[c]) : 0;
    if (cols.parent[c] === 0) top += inclusiveNs[c];
  }
  if (k > 0) inclusiveNs[0] = top;
  const finite = (v: number) => (Number.isFinite(v) ? v : 0);
  return {
    inclusiveNs,
    selfNs: Array.from(cols.selfNs, (v) => v / runs),
    n: Array.from(cols.n),
    meanNs: Array.from(cols.meanNs),
    stdNs,
    minNs: Array.from(cols.minNs, finite),
    maxNs: Array.from(cols.maxNs, finite),
  };
}
