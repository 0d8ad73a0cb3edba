// Significance and tagging (paper 001 §3 and §3.1): contexts under a small
// share of the total time are insignificant with their whole subtree (a
// context's time includes its children's); significant contexts whose CoV
// reaches the Chebyshev threshold are tagged high-variant.
import type { ContextColumns } from "../cct/contextTable.js";
import type { VarianceParameters } from "./parameters.js";

export interface Tagging {
  /** Total time: the inclusive time of the root's children. */
  readonly totalNs: number;
  readonly significant: Uint8Array;
  readonly highVariant: Uint8Array;
  /** σ/μ per context (population σ, as the CCT keeps). */
  readonly cov: Float64Array;
  /** Population variance per context. */
  readonly variance: Float64Array;
}

export function tagContexts(
  cols: ContextColumns,
  p: Pick<VarianceParameters, "significanceCutoff" | "covThreshold">,
): Tagging {
  const k = cols.size;
  let totalNs = 0;
  for (let c = 1; c < k; c++) if (cols.parent[c] === 0) totalNs += cols.inclusiveNs[c];
  const significant = new Uint8Array(k);
  const highVariant = new Uint8Array(k);
  const cov = new Float64Array(k);
  const variance = new Float64Array(k);
  significant[0] = 1;
  const cutoff = p.significanceCutoff * totalNs;
  // Parents come before their children, so one pass in id order is a pre-order walk.
  for (let c = 1; c < k; c++) {
    const n = cols.n[c];
    variance[c] = n > 0 ? cols.m2[c] / n : 0;
    cov[c] = cols.meanNs[c] > 0 ? Math.sqrt(variance[c]) / cols.meanNs[c] : 0;
    significant[c] = significant[cols.parent[c]] && cols.inclusiveNs[c] >= cutoff ? 1 : 0;
    highVariant[c] = significant[c] && n >= 2 && cov[c] >= p.covThreshold ? 1 : 0;
  }
  return { totalNs, significant, highVariant, cov, variance };
}
